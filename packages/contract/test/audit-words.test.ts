import { describe, expect, it } from 'vitest';
import { AuditActions, actionTitle } from '../src/endpoints/audit-actions.ts';
import { AuditFields } from '../src/endpoints/audit-fields.ts';
import { type AuditReader, cardLines, fieldLines, lineText } from '../src/endpoints/audit-read.ts';
import { allEndpoints, isAudited } from '../src/endpoints/index.ts';
import { Languages } from '../src/enums.ts';

const audited = allEndpoints()
  .filter(isAudited)
  .map((e) => e.path);

describe('the audit in words', () => {
  it('is declared by every audited endpoint: its service writes the row in its own change', () => {
    const undeclared = allEndpoints()
      .filter((e) => isAudited(e) && !e.audit)
      .map((e) => e.path);
    expect(undeclared).toEqual([]);
  });

  it('names every audited endpoint’s action in the three languages, and nothing else', () => {
    const missing = audited.filter((path) => !AuditActions[path]);
    expect(missing).toEqual([]);
    expect(Object.keys(AuditActions).filter((path) => !audited.includes(path))).toEqual([]);
    for (const [path, title] of Object.entries(AuditActions))
      for (const lang of Languages) {
        expect(title.one[lang], `${path} ${lang}`).not.toBe('');
        if (title.many) expect(title.many[lang], `${path} ${lang}`).toContain('{count}');
      }
  });

  it('names a batch by its count', () => {
    expect(actionTitle('/v1/terminal/import', 'en', 20)).toBe('Imported 20 users');
    expect(actionTitle('/v1/terminal/import', 'cn', 20)).toBe('导入 20 个用户');
    expect(actionTitle('/v1/terminal/import', 'cn2', 1)).toBe('匯入用戶');
    expect(actionTitle('/v1/org/updateUnit', 'en', 3)).toBe('Edited a company');
  });

  it('labels every field in the three languages', () => {
    for (const [field, { label }] of Object.entries(AuditFields))
      for (const lang of Languages) expect(label[lang], `${field} ${lang}`).not.toBe('');
  });

  const reader = (lang: AuditReader['lang']): AuditReader => ({
    lang,
    day: (d) => `day ${d}`,
    time: (iso) => `time ${iso}`,
    name: (kind, id) => (kind === 'agent' && id === 1 ? 'Top agent' : undefined),
  });

  it('reads values for people: days, switches, card types, statuses; the scope’s ids left out', () => {
    const lines = fieldLines(
      { voiceExpires: '2026-12-03', gps: false, status: 0, agentPath: 'AAAA', cardAgentId: 1 },
      { voiceExpires: '2027-12-03', gps: true, status: 1, agentPath: 'AAAB', cardAgentId: 2 },
      reader('en'),
    );
    expect(lines.map(lineText)).toEqual([
      'Voice until: day 2026-12-03 → day 2027-12-03',
      'GPS: off → on',
      'Status: Unprocessed → Processed',
    ]);
    expect(fieldLines(undefined, { cardType: 2, userType: 1 }, reader('cn2')).map(lineText)).toEqual([
      '卡類型: 定位卡',
      '用戶類型: VIP 用戶',
    ]);
  });

  it('reads a balance moved with its agent’s name', () => {
    const cards = [{ agent_id: 1, card_type: 0, before: 120, after: 110 }];
    expect(cardLines(cards, reader('en')).map(lineText)).toEqual(['Voice cards (Top agent): 120 → 110']);
    expect(cardLines(cards, reader('cn')).map(lineText)).toEqual(['对讲卡 (Top agent): 120 → 110']);
  });
});
