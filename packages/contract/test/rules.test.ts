import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Limits } from '../src/constants.ts';
import { Messages } from '../src/messages.ts';
import { rules } from '../src/rules.ts';
import { chars, issuesOf, keyOf, OK, parsed } from './support.ts';

type Case = [value: unknown, key: string | null];

/** One test per case: the key the schema answers, or OK when it accepts the value. */
const table = (schema: z.ZodType, cases: Case[]) =>
  it.each(cases)('%j → %s', (value, key) => {
    expect(keyOf(schema, value)).toBe(key);
  });

const SSID = '123456789012345';
const ssids = (n: number) => Array.from({ length: n }, (_, i) => String(100_000_000_000_000 + i));

describe('firstIssueKey', () => {
  it('is the message of the first issue', () => {
    const result = rules.ssid.safeParse('1');
    expect(result.success).toBe(false);
    expect(rules.firstIssueKey(result.error!)).toBe('ssid');
    expect(rules.firstIssueKey(result.error!)).toBe(result.error!.issues[0].message);
  });
});

describe('agentName: 4-20 Chinese, digits, letters, underscore; no leading underscore', () => {
  table(rules.agentName, [
    [chars(3), 'agentName'],
    [chars(4), OK],
    [chars(20), OK],
    [chars(21), 'agentName'],
    ['代理商一号', OK],
    ['代理商一號', OK],
    ['华东代理', OK],
    ['代理', 'agentName'],
    [chars(20, '代'), OK],
    [chars(21, '代'), 'agentName'],
    ['Agent_01', OK],
    ['ab_c', OK],
    ['abc_', OK],
    ['_abc', 'agentName'],
    ['_abcd', 'agentName'],
    ['ab cd', 'agentName'],
    ['abcd!', 'agentName'],
    ['ab-cd', 'agentName'],
    ['ab.cd', 'agentName'],
    ['代理商，一号', 'agentName'],
    ['ＡＢＣＤ', 'agentName'],
    ['', 'agentName'],
    [1234, 'agentName'],
    [undefined, 'agentName'],
  ]);
  it('trims surrounding spaces before counting', () => {
    expect(parsed(rules.agentName, '  abcd  ')).toBe('abcd');
    expect(keyOf(rules.agentName, '  abc  ')).toBe('agentName');
  });
});

describe('companyName: 4-20, same charset as agentName', () => {
  table(rules.companyName, [
    [chars(3), 'companyName'],
    [chars(4), OK],
    [chars(20), OK],
    [chars(21), 'companyName'],
    ['单位一号', OK],
    ['深圳市某某科技有限公司', OK],
    ['臺北單位', OK],
    ['_abcd', 'companyName'],
    ['ab_cd', OK],
    ['ab cd', 'companyName'],
    ['abc&d', 'companyName'],
    ['公司(一)', 'companyName'],
    [null, 'companyName'],
  ]);
});

describe('contactName: 2-10 characters', () => {
  table(rules.contactName, [
    [chars(1), 'contactName'],
    [chars(2), OK],
    ['张三', OK],
    [chars(10), OK],
    [chars(11), 'contactName'],
    ['   a   ', 'contactName'],
    ['', 'contactName'],
    [undefined, 'contactName'],
  ]);
});

describe('nicknameLong: the 2-11 variant', () => {
  table(rules.nicknameLong, [
    [chars(1), 'nicknameLong'],
    [chars(2), OK],
    [chars(11), OK],
    [chars(12), 'nicknameLong'],
    ['_abc', 'nicknameLong'],
    ['用户_1', OK],
  ]);
});

describe('prefix: required, then 2-12', () => {
  table(rules.prefix, [
    ['', 'prefixRequired'],
    ['   ', 'prefixRequired'],
    [undefined, 'prefixRequired'],
    [chars(1), 'prefix'],
    [chars(2), OK],
    ['对讲', OK],
    [chars(12), OK],
    [chars(13), 'prefix'],
    ['_ab', 'prefix'],
    ['a b', 'prefix'],
  ]);
  it('reports only that the prefix is missing when it is empty', () => {
    expect(issuesOf(rules.prefix, '')).toEqual([['', 'prefixRequired']]);
  });
});

describe('groupName: 2-15 Chinese, digits, letters (no underscore)', () => {
  table(rules.groupName, [
    [chars(1), 'groupName'],
    [chars(2), OK],
    ['调度群组', OK],
    ['調度群組', OK],
    [chars(15), OK],
    [chars(16), 'groupName'],
    ['a_b', 'groupName'],
    ['_ab', 'groupName'],
    ['a b', 'groupName'],
    ['组-1', 'groupName'],
  ]);
});

describe('fenceName: 1-15 characters', () => {
  table(rules.fenceName, [
    ['', 'fenceName'],
    ['   ', 'fenceName'],
    [chars(1), OK],
    ['围', OK],
    [chars(15), OK],
    ['仓库 A-1 (北门)', OK],
    [chars(16), 'fenceName'],
    [undefined, 'fenceName'],
  ]);
});

describe('account: 6-20 letters, digits, underscore', () => {
  table(rules.account, [
    [chars(5), 'account'],
    [chars(6), OK],
    [chars(20), OK],
    [chars(21), 'account'],
    ['agent_01', OK],
    ['ABC123', OK],
    ['abc-def', 'account'],
    ['abc def', 'account'],
    ['abc@def', 'account'],
    ['账号账号账号', 'account'],
    [123456, 'account'],
  ]);
});

describe('password: 6-16 letters or digits', () => {
  table(rules.password, [
    [chars(5), 'password'],
    [chars(6), OK],
    ['Abc123', OK],
    [chars(16), OK],
    [chars(17), 'password'],
    ['abc!def', 'password'],
    ['abc_def', 'password'],
    ['abc-def', 'password'],
    ['abc def', 'password'],
    ['密码密码密码', 'password'],
    [' abc123', 'password'],
    ['abc123 ', 'password'],
    [undefined, 'password'],
  ]);
});

describe('mobile', () => {
  table(rules.mobile, [
    ['13800138000', OK],
    ['+8613800138000', OK],
    ['0912345678', OK],
    ['12345', 'mobile'],
    ['1234567890123456', 'mobile'],
    ['138-0013-8000', 'mobile'],
    ['abcdefgh', 'mobile'],
    ['', 'mobile'],
  ]);
});

describe('email', () => {
  table(rules.email, [
    ['agent@example.com', OK],
    ['a.b+c@mail.example.cn', OK],
    ['nope', 'email'],
    ['a@b', 'email'],
    ['@example.com', 'email'],
    ['', 'email'],
    [5, 'email'],
  ]);
  it('trims before checking', () => {
    expect(parsed(rules.email, ' agent@example.com ')).toBe('agent@example.com');
  });
});

describe('positiveInteger', () => {
  table(rules.positiveInteger, [
    ['0', 'positiveInteger'],
    ['1', OK],
    ['42', OK],
    ['-1', 'positiveInteger'],
    ['1.5', 'positiveInteger'],
    ['01', 'positiveInteger'],
    ['1e3', 'positiveInteger'],
    ['', 'positiveInteger'],
    ['abc', 'positiveInteger'],
  ]);
  it('gives a number', () => {
    expect(parsed(rules.positiveInteger, '42')).toBe(42);
  });
});

describe('id: a positive integer of the database, one spelling', () => {
  table(rules.id, [
    ['1', OK],
    ['2147483647', OK],
    [7, OK],
    ['0', 'invalidParams'],
    ['07', 'invalidParams'],
    ['00000000001', 'invalidParams'],
    ['2147483648', 'invalidParams'],
    ['1.0', 'invalidParams'],
    ['', 'invalidParams'],
  ]);
  it('gives a number', () => {
    expect(parsed(rules.id, '42')).toBe(42);
  });
});

describe('smsCode: 4 digits', () => {
  table(rules.smsCode, [
    ['123', 'smsCode'],
    ['1234', OK],
    ['0000', OK],
    ['12345', 'smsCode'],
    ['abcd', 'smsCode'],
    ['12a4', 'smsCode'],
    [1234, 'smsCode'],
  ]);
});

describe('enteredCode: the 4 digits of a verification code, trimmed', () => {
  table(rules.enteredCode, [
    ['1234', OK],
    [' 1234 ', OK],
    ['123', 'enterCorrectCode'],
    ['12345', 'enterCorrectCode'],
    ['12a4', 'enterCorrectCode'],
    [1234, 'enterCorrectCode'],
  ]);
});

describe('iccid: 19 or 20 letters or digits', () => {
  table(rules.iccid, [
    [chars(18, '8'), 'iccid'],
    [chars(19, '8'), OK],
    [chars(20, '8'), OK],
    [chars(21, '8'), 'iccid'],
    ['89860A1234567890123B', OK],
    ['89860a123456789012b', OK],
    ['8986-1234567890123456', 'iccid'],
  ]);
});

describe('ssid: exactly 15 digits', () => {
  table(rules.ssid, [
    [chars(14, '1'), 'ssid'],
    [chars(15, '1'), OK],
    [SSID, OK],
    [chars(16, '1'), 'ssid'],
    [` ${chars(15, '1')} `, OK],
    [chars(15, '１'), OK],
    ['12345678901234a', 'ssid'],
    ['ABCDEFGHIJKLMNO', 'ssid'],
    ['1234567 8901234', 'ssid'],
    [123456789012345, 'ssid'],
  ]);
});

describe('remark: at most 100 characters', () => {
  table(rules.remark, [
    ['', OK],
    [chars(100), OK],
    [chars(101), 'remark'],
    [chars(100, '备'), OK],
    [chars(101, '备'), 'remark'],
    [null, 'remark'],
  ]);
});

describe('cardPwd: 6 digits', () => {
  table(rules.cardPwd, [
    ['12345', 'cardPwd'],
    ['123456', OK],
    ['1234567', 'cardPwd'],
    ['12345a', 'cardPwd'],
    ['', 'cardPwd'],
  ]);
});

describe('priority: 1-5', () => {
  table(rules.priority, [
    [0, 'priority'],
    [1, OK],
    [5, OK],
    [6, 'priority'],
    ['3', OK],
    [2.5, 'priority'],
    ['3e0', 'priority'],
    ['x', 'priority'],
    ['', 'priority'],
    [null, 'priority'],
    [undefined, 'priority'],
  ]);
  it('coerces a string to a number', () => {
    expect(parsed(rules.priority, '3')).toBe(3);
  });
});

describe('cardType: codes 0-7', () => {
  table(rules.cardType, [
    [-1, 'selectCardType'],
    [0, OK],
    [7, OK],
    [8, 'selectCardType'],
    ['0', OK],
    [1.5, 'selectCardType'],
    ['abc', 'selectCardType'],
    // An empty select is no choice; coercion alone would read it as 0, the voice card.
    ['', 'selectCardType'],
    [' ', 'selectCardType'],
    [null, 'selectCardType'],
    [undefined, 'selectCardType'],
    [true, 'selectCardType'],
  ]);
  it.each([0, 1, 2, 3, 4, 5, 6, 7])('accepts card type %i', (code) => {
    expect(parsed(rules.cardType, String(code))).toBe(code);
  });
});

describe('id: a positive integer within the integer column', () => {
  table(rules.id, [
    ['2147483647', OK],
    ['2147483648', 'invalidParams'],
    [0, 'invalidParams'],
    [-1, 'invalidParams'],
    [1.5, 'invalidParams'],
    ['', 'invalidParams'],
    ['x', 'invalidParams'],
    [1, OK],
    ['17', OK],
  ]);
});

describe('isoDate: a real calendar day', () => {
  table(rules.isoDate, [
    ['2024-02-29', OK],
    ['2026-02-28', OK],
    ['2026-02-29', 'invalidParams'],
    ['2026-02-30', 'invalidParams'],
    ['2026-13-01', 'invalidParams'],
    ['2026-1-01', 'invalidParams'],
  ]);
});

describe('loginCredentials', () => {
  const login = (username: unknown, password: unknown) => ({ username, password });
  table(rules.loginCredentials, [
    [login('agent01', 'secret1'), OK],
    [login('', 'secret1'), 'accountOrPasswordEmpty'],
    [login('   ', 'secret1'), 'accountOrPasswordEmpty'],
    [login('agent01', ''), 'accountOrPasswordEmpty'],
    [login(undefined, 'secret1'), 'accountOrPasswordEmpty'],
    [login('agent01', undefined), 'accountOrPasswordEmpty'],
    [{}, 'accountOrPasswordEmpty'],
    [login(chars(30), chars(30, 'p')), OK],
    // Over-long fields are a malformed request, not an empty field.
    [login(chars(31), 'secret1'), 'invalidParams'],
    [login('agent01', chars(31, 'p')), 'invalidParams'],
  ]);
  it('keeps the password as typed', () => {
    expect(parsed(rules.loginCredentials, login(' agent01 ', ' pass ')).password).toBe(' pass ');
  });
});

describe('passwordChange', () => {
  const change = (oldPassword: unknown, newPassword: unknown, confirmPassword: unknown) => ({
    oldPassword,
    newPassword,
    confirmPassword,
  });
  table(rules.passwordChange, [
    [change('old123', 'new123', 'new123'), OK],
    [change('', 'new123', 'new123'), 'oldPasswordRequired'],
    [change(undefined, 'new123', 'new123'), 'oldPasswordRequired'],
    [change('old123', 'new123', 'new124'), 'inputsInconsistent'],
    [change('same12', 'same12', 'same12'), 'newSameAsOld'],
    [change('old123', 'new!', 'new!'), 'password'],
    [change('old123', chars(5), chars(5)), 'password'],
    [change('old123', chars(17), chars(17)), 'password'],
    [change('old123', 'new123', ''), 'password'],
    [change('old123', 'new123 ', 'new123'), 'password'],
  ]);
  it('shows each message under its field', () => {
    expect(issuesOf(rules.passwordChange, change('', 'new123', 'new123'))).toEqual([
      ['oldPassword', 'oldPasswordRequired'],
    ]);
    expect(issuesOf(rules.passwordChange, change('old123', 'new123', 'new124'))).toEqual([
      ['confirmPassword', 'inputsInconsistent'],
    ]);
    expect(issuesOf(rules.passwordChange, change('same12', 'same12', 'same12'))).toEqual([
      ['newPassword', 'newSameAsOld'],
    ]);
  });
});

describe('cardPwdPair', () => {
  table(rules.cardPwdPair, [
    [{ cardPwd: '123456', confirmCardPwd: '123456' }, OK],
    [{ cardPwd: '123456', confirmCardPwd: '123457' }, 'inputsInconsistent'],
    [{ cardPwd: '12345', confirmCardPwd: '12345' }, 'cardPwd'],
    [{ cardPwd: '123456' }, 'cardPwd'],
  ]);
  it('puts the mismatch under the confirmation', () => {
    expect(issuesOf(rules.cardPwdPair, { cardPwd: '123456', confirmCardPwd: '654321' })).toEqual([
      ['confirmCardPwd', 'inputsInconsistent'],
    ]);
  });
});

describe('saleQuantity(balance)', () => {
  describe('balance 5', () => {
    table(rules.saleQuantity(5), [
      [0, 'quantityMin'],
      [-1, 'quantityMin'],
      [1, OK],
      [5, OK],
      ['3', OK],
      [6, 'quantityOverBalance'],
      [1.5, 'wholeNumber'],
      ['2.5', 'wholeNumber'],
      ['', 'quantityMin'],
      [undefined, 'quantityMin'],
      ['abc', 'wholeNumber'],
      ['1e2', 'wholeNumber'],
      ['1e0', 'wholeNumber'],
      ['0x3', 'wholeNumber'],
      ['+3', 'wholeNumber'],
      ['Infinity', 'wholeNumber'],
      ['0', 'quantityMin'],
      ['-1', 'quantityMin'],
      [' 3 ', OK],
      ['００３', OK],
      ['１００', 'quantityOverBalance'],
      ['99999999999999999999999', 'quantityOverBalance'],
    ]);
  });
  describe('balance 0', () => {
    table(rules.saleQuantity(0), [
      [1, 'insufficientBalance'],
      [10, 'insufficientBalance'],
      [0, 'quantityMin'],
    ]);
  });
  it('gives a number', () => {
    expect(parsed(rules.saleQuantity(5), '3')).toBe(3);
    expect(parsed(rules.saleQuantity(500), '３０')).toBe(30);
  });
  describe('on the server, where the balance is not known', () => {
    table(rules.saleQuantity(), [
      ['1e2', 'wholeNumber'],
      ['100', OK],
      [100, OK],
      ['0', 'quantityMin'],
      ['2147483648', 'quantityOverBalance'],
    ]);
  });
});

describe('recycleQuantity(existing)', () => {
  describe('existing 5', () => {
    table(rules.recycleQuantity(5), [
      [0, 'recycleInteger'],
      [-1, 'recycleInteger'],
      [1.5, 'wholeNumber'],
      ['abc', 'wholeNumber'],
      ['1e0', 'wholeNumber'],
      [1, OK],
      [5, OK],
      ['2', OK],
      [6, 'recycleOverAmount'],
    ]);
  });
  describe('existing 0', () => {
    table(rules.recycleQuantity(0), [
      [1, 'recycleZero'],
      [0, 'recycleInteger'],
    ]);
  });
});

describe('ssidList(max)', () => {
  it('allows 100 by scan and rejects 101 with scanMax', () => {
    expect(Limits.scanAddMax).toBe(100);
    expect(keyOf(rules.ssidList(Limits.scanAddMax), ssids(100))).toBe(OK);
    expect(keyOf(rules.ssidList(Limits.scanAddMax), ssids(101))).toBe('scanMax');
  });
  it('allows 10 by input and rejects 11 with inputMax', () => {
    expect(Limits.inputAddMax).toBe(10);
    expect(keyOf(rules.ssidList(Limits.inputAddMax), ssids(10))).toBe(OK);
    expect(keyOf(rules.ssidList(Limits.inputAddMax), ssids(11))).toBe('inputMax');
  });
  table(rules.ssidList(10), [
    [[SSID], OK],
    [[SSID, SSID], 'doNotAddRepeatedly'],
    [[SSID, ` ${SSID} `], 'doNotAddRepeatedly'],
    [[SSID, '12345'], 'ssid'],
    [[SSID, '12345678901234a'], 'ssid'],
    [[], 'selectUser'],
    [undefined, 'selectUser'],
    [SSID, 'selectUser'],
  ]);
  it('points at the wrong SSID', () => {
    expect(issuesOf(rules.ssidList(10), [SSID, '12345'])).toEqual([['1', 'ssid']]);
  });
});

describe('dateRange: start not after end, at most 90 days', () => {
  const range = (start: string, end: string) => ({ start, end });
  table(rules.dateRange, [
    [range('2024-01-01', '2024-01-02'), OK],
    // One day: the end day is included.
    [range('2024-01-01', '2024-01-01'), OK],
    [range('2024-01-02', '2024-01-01'), 'dateStartBeforeEnd'],
    [range('2024-01-01', '2024-03-31'), OK],
    [range('2024-01-01', '2024-04-01'), 'dateRangeMax'],
    [range('2025-01-01', '2025-04-01'), OK],
    [range('2025-01-01', '2025-04-02'), 'dateRangeMax'],
    [range('2024-03-01', '2024-05-30'), OK],
    [range('2024-03-01', '2024-05-31'), 'dateRangeMax'],
    [range('2024-12-01', '2025-02-01'), OK],
    [range('2024-1-1', '2024-01-05'), 'invalidParams'],
    [range('2024-01-01', '2024-13-01'), 'invalidParams'],
    [range('2024-02-30', '2024-03-01'), 'invalidParams'],
    [range('2024-02-29', '2024-03-01'), OK],
    [range('2023-02-29', '2023-03-01'), 'invalidParams'],
    [{ start: '2024-01-01' }, 'invalidParams'],
  ]);
  it('shows the message under the end date', () => {
    expect(issuesOf(rules.dateRange, range('2024-01-01', '2024-06-01'))).toEqual([['end', 'dateRangeMax']]);
  });
});

describe('cardReplacement: old and new SSID, different', () => {
  table(rules.cardReplacement, [
    [{ oldSsid: SSID, newSsid: '123456789012346' }, OK],
    [{ oldSsid: SSID, newSsid: SSID }, 'newSsidInUse'],
    [{ oldSsid: '12345678901234', newSsid: SSID }, 'ssid'],
    [{ oldSsid: SSID, newSsid: '1234567890123456' }, 'ssid'],
    [{ oldSsid: SSID }, 'ssid'],
  ]);
});

describe('groupBatchCount: 1-16', () => {
  table(rules.groupBatchCount, [
    [0, 'groupBatchMin'],
    [1, OK],
    [16, OK],
    ['16', OK],
    ['１６', OK],
    [17, 'groupBatchMax'],
    [1.5, 'wholeNumber'],
    ['1e1', 'wholeNumber'],
    ['', 'groupBatchMin'],
  ]);
});

describe('pageParams', () => {
  it('defaults to page 1 of 20', () => {
    expect(parsed(rules.pageParams, {})).toEqual({ page: 1, size: 20 });
  });
  it('coerces query strings', () => {
    expect(parsed(rules.pageParams, { page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
  });
  table(rules.pageParams, [
    [{ size: 100 }, OK],
    [{ size: 101 }, 'invalidParams'],
    [{ size: 0 }, 'invalidParams'],
    [{ page: 0 }, 'invalidParams'],
    [{ page: 1.5 }, 'invalidParams'],
    [{ page: 'x' }, 'invalidParams'],
  ]);
});

describe('name messages tell what the rule does', () => {
  it.each([
    ['agentName', rules.agentName, 'abcd'],
    ['companyName', rules.companyName, 'abcd'],
    ['nicknameLong', rules.nicknameLong, 'ab'],
    ['prefix', rules.prefix, 'ab'],
  ] as const)('%s rejects a leading underscore and says so', (key, schema, valid) => {
    expect(keyOf(schema, valid)).toBe(OK);
    expect(keyOf(schema, `_${valid}`)).toBe(key);
    expect(Messages[key].en).toContain('not starting with an underscore');
  });
});
