import { type api, type IntakeRowError, type ParsedParamsOf, rules } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { invalid, notFound, ruleBroken, tooMany } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { holding, RateLimits, take } from '../../lib/rate-limit.ts';
import * as agents from '../agent/service.ts';
import * as cards from '../card/service.ts';
import * as groups from '../group/service.ts';
import { orgInScope } from '../scope/service.ts';
import { addTerminals, existingSsids, type NewTerminalRow } from '../terminal/service.ts';
import { type ReadRow, readFile, readText } from './parse.ts';

/** A row with what is wrong with it, and what it creates when nothing is. */
interface CheckedRow extends ReadRow {
  errors: IntakeRowError[];
  terminal: NewTerminalRow;
}

/**
 * Checks every row by the contract's rules, against the others (an SSID twice), the SSIDs in use and
 * the company's groups; `lock` holds the groups named until the transaction ends. Rows keep their order.
 */
async function checkRows(db: Conn, orgId: number, rows: ReadRow[], prefix: string | undefined, lock = false) {
  const ssidOf = (r: ReadRow) => {
    const parsed = rules.ssid.safeParse(r.ssid);
    return parsed.success ? parsed.data : undefined;
  };
  const ssids = rows.map(ssidOf);
  const valid = [...new Set(ssids.filter((s) => s !== undefined))];
  const inUse = new Set(valid.length ? await existingSsids(db, valid) : []);
  const named = rows.map((r) => r.group.trim()).filter((g) => g !== '');
  const groupIds = await groups.byNames(db, orgId, named, lock);
  return rows.map((r, i): CheckedRow => {
    const errors: IntakeRowError[] = [];
    const ssid = ssids[i];
    if (!ssid) errors.push('ssid');
    // The first row with an SSID keeps it; only the repeats are flagged, so dropping them keeps one.
    else if (ssids.indexOf(ssid) < i) errors.push('importDuplicate');
    else if (inUse.has(ssid)) errors.push('importSsidInUse');
    const name = r.name.trim();
    if (name !== '' && !rules.nicknameLong.safeParse(name).success) errors.push('nicknameLong');
    if (name === '' && !prefix) errors.push('importNameMissing');
    const iccid = r.iccid.trim();
    if (iccid !== '' && !rules.iccid.safeParse(iccid).success) errors.push('iccid');
    const group = r.group.trim();
    const groupId = group === '' ? undefined : groupIds.get(group);
    if (group !== '' && groupId === undefined) errors.push('importUnknownGroup');
    return {
      ...r,
      errors,
      terminal: { ssid: ssid ?? '', name: name || undefined, iccid: iccid || undefined, groupId },
    };
  });
}

type Target = Pick<ParsedParamsOf<typeof api.terminal.importPreview>, 'orgId' | 'userType' | 'prefix'>;

/** The company (in the caller's scope), the agent and the card of an intake, checked before any row. */
async function targetOf(db: Conn, caller: Caller, p: Target) {
  const org = await orgInScope(db, caller, p.orgId);
  const agent = await agents.findById(db, caller.id);
  if (!agent) throw notFound();
  return { org, agent, card: await cards.creationCard(db, agent.id, p.userType) };
}

/**
 * Reading and checking up to 1 000 rows costs the server's time: an account runs one intake at a time,
 * and only so many an hour, on every instance.
 */
async function limited<T>(db: Conn, caller: Caller, work: () => Promise<T>) {
  await take(db, RateLimits.intakeHour(caller.role, caller.id));
  return holding(db, RateLimits.intakeAlone(caller.role, caller.id), () => tooMany('importBusy'), work);
}

/**
 * What an intake of a file or pasted text would do: each row in the file's order with its errors, and
 * the cards the valid rows take against the caller's balance. Writes nothing.
 */
export async function importPreview(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.importPreview>,
  file: Uint8Array | undefined,
) {
  return limited(db, caller, () => preview(db, caller, p, file));
}

async function preview(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.importPreview>,
  file: Uint8Array | undefined,
) {
  const { org, card } = await targetOf(db, caller, p);
  const read = file
    ? await readFile(file)
    : (p.rows ?? (p.text !== undefined ? readText(p.text) : undefined));
  if (!read) throw invalid('importEmpty');
  const checked = await checkRows(db, org.id, read, p.prefix);
  const valid = checked.filter((r) => r.errors.length === 0).length;
  const balance = (await cards.balances(db, caller.id)).find((b) => b.cardType === card)?.balance ?? 0;
  return {
    rows: checked.map(({ terminal: _, ...row }) => row),
    valid,
    costs: [{ cardType: card, cards: valid, balance }],
    total: valid,
  };
}

/** The refusal of an intake with a bad row: the first one's line and errors. */
const badRow = (row: Pick<CheckedRow, 'line' | 'errors'>) =>
  ruleBroken('importRowInvalid', { line: row.line, errors: row.errors });

/**
 * Creates the terminals of the rows, all or none, through the one creation path: the rows are checked
 * again under the transaction's locks (the groups named are held), then the cards are taken and the
 * terminals, their memberships, the ledger row and one notice written.
 */
export function importRows(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.import>,
) {
  return limited(db, caller, () => createRows(db, change, caller, p));
}

async function createRows(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.import>,
) {
  const { org, agent } = await targetOf(db, caller, p);
  if (p.confirm !== p.rows.length) throw ruleBroken('renewCostChanged', { total: p.rows.length });
  return addTerminals(db, {
    agent,
    org,
    userType: p.userType,
    prefix: p.prefix,
    by: caller,
    change,
    count: p.rows.length,
    rows: async (tx) => {
      const checked = await checkRows(tx, org.id, p.rows, p.prefix, true);
      const bad = checked.find((r) => r.errors.length > 0);
      if (bad) throw badRow(bad);
      return checked.map((r) => r.terminal);
    },
    // Another intake or batch stored one of the SSIDs first: named as the check would name it now.
    taken: async () => {
      const inUse = new Set(
        await existingSsids(
          db,
          p.rows.map((r) => rules.ssid.parse(r.ssid)),
        ),
      );
      const first = p.rows.find((r) => inUse.has(rules.ssid.parse(r.ssid)));
      return badRow({ line: first?.line ?? p.rows[0].line, errors: ['importSsidInUse'] });
    },
  });
}
