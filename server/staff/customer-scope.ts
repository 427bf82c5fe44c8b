// Which accounts the staff's customer tools may act for: a guest (no account) or a plain customer. An
// account holding a staff, editor or administrator role is "not found" to every one of them, so a staff
// member can neither read nor change a privileged account (nor spend its prepaid money, nor fill its cart).
import { isPrivilegedAccount } from '../accounts/data';
import type { Db } from '../db';

export async function staffMayActFor(db: Db, { userId }: { userId: number | null }): Promise<boolean> {
  return userId === null || !(await isPrivilegedAccount(db, { userId }));
}
