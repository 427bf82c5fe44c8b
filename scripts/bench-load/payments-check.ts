// After a row: the orders the shoppers completed are Paid once, each with one Authorised payment and its
// AUTHORISATION stored once, though the provider's webhook delivered it a second time.
import type pg from 'pg';

export async function checkPayments(pool: pg.Pool, numbers: string[]): Promise<{ ok: boolean; line: string }> {
  const { rows } = await pool.query(
    `select o.state,
       (select count(*) from payments p where p.order_id = o.id and p.state = 'Authorised')::int as authorised,
       (select count(*) from payments p where p.order_id = o.id and p.state <> 'Authorised')::int as others,
       (select count(*) from payments p join payment_notifications n on n.psp_reference = p.psp_reference
         where p.order_id = o.id and n.event_code = 'AUTHORISATION')::int as notifications,
       (select count(*) from order_state_history h where h.order_id = o.id and h.to_state = 'Paid')::int as paid_moves
     from orders o where o.number = any($1::text[])`,
    [numbers],
  );
  const wrong = rows.filter((row) => row.state !== 'Paid' || row.authorised !== 1 || row.others !== 0 || row.notifications !== 1 || row.paid_moves !== 1);
  const ok = rows.length === numbers.length && wrong.length === 0;
  return {
    ok,
    line: `${rows.length} of ${numbers.length} orders found; ${wrong.length} not Paid once with one Authorised payment and one stored AUTHORISATION (the webhook's second delivery stored once)`,
  };
}
