import type { Generated } from 'kysely';

export const roles = ['customer', 'staff', 'editor', 'administrator'] as const;
export type Role = (typeof roles)[number];

/** Roles that make an account privileged: the staff's customer tools never see or touch such an account. */
export const privilegedRoles: readonly Role[] = ['staff', 'editor', 'administrator'];

/** Account tables (migration 003). Timestamps are epoch ms; a null *_at means "not yet". */
export interface AccountTables {
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    culture: string;
    /** Raised when the password changes: sessions signed in under an older version end. */
    session_version: Generated<number>;
    /** Base32 TOTP secret; set while setting up, active once totp_enabled_at is set. */
    totp_secret: string | null;
    totp_enabled_at: number | string | null;
    /** The last time step whose code was accepted: a code is accepted once only. */
    totp_last_step: number | string | null;
    /** Set when the emailed confirmation link was followed (or a password reset proved the address). */
    email_confirmed_at: number | string | null;
    created_at: number | string;
  };
  user_roles: { user_id: number; role: Role };
  password_resets: {
    id: Generated<number>;
    user_id: number;
    /** sha256 of the emailed token; the token itself is never stored. */
    token_hash: string;
    expires_at: number | string;
    used_at: number | string | null;
    created_at: number | string;
  };
  /** Registration links: same shape and rules as password_resets. */
  email_confirmations: {
    id: Generated<number>;
    user_id: number;
    token_hash: string;
    expires_at: number | string;
    used_at: number | string | null;
    created_at: number | string;
  };
  /** A change of address waiting for the link mailed to new_email (migration 027); same rules as password_resets. */
  email_changes: {
    id: Generated<number>;
    user_id: number;
    new_email: string;
    /** Who asked: the account itself, or the staff member who edited the customer. */
    requested_by: number | null;
    token_hash: string;
    expires_at: number | string;
    used_at: number | string | null;
    created_at: number | string;
  };
  recovery_codes: { id: Generated<number>; user_id: number; code_hash: string; used_at: number | string | null };
}
