import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CardTypes, cardTypeCodes, Languages } from '../src/enums.ts';
import {
  displayMessage,
  insufficientByCard,
  isMessageKey,
  type MessageKey,
  Messages,
} from '../src/messages.ts';

const entries = Object.entries(Messages) as [MessageKey, (typeof Messages)[MessageKey]][];

/** SPEC §8, every English text it quotes, exactly. */
const spec8 = [
  'Login timed out!',
  'Server connection exception',
  'Account or password cannot be empty',
  'Account does not exist',
  'Password error',
  'Verification is successful',
  'Verification error, please try again',
  'Old password error',
  'The 2 inputs are inconsistent, please re-enter',
  'The new password cannot be the same as the original password',
  'Verification code error!',
  'The verification code has expired, please get it again!',
  'Please enter correct verify code!',
  'Insufficient service card balance',
  'Do not add repeatedly!',
  'Do not scan the code repeatedly',
  'QR code is wrong',
  'The SSID(IMEI) number you scanned in is wrong, please scan the code again!',
  'Up to 100 SSID(IMEI)s can be added by scanning the code!',
  'The original SSID(IMEI) entered does not exist',
  'The entered new SSID(IMEI) is already in use',
  'Card replacement failed',
  'The warranty period has expired and cannot be replaced',
  'The fence name is duplicated, please modify it and try again.',
  'No location track',
  'This group is already the default group!',
  'Please select a user',
  'Please select users who have not turned on SOS service',
];

/**
 * Simplified → Traditional pairs of the characters the catalogue uses (and common ones it may come to use).
 * Characters that are correct in both scripts (系, 注, 台, 里, 只, 面 …) are left out on purpose.
 */
const scriptPairs = [
  ...['务務', '连連', '异異', '录錄', '时時', '请請', '参參', '数數', '错錯', '误誤', '无無', '权權', '进進'],
  ...['记記', '尝嘗', '试試', '过過', '后後', '账帳', '帐帳', '号號', '码碼', '为為', '验驗', '证證', '块塊'],
  ...['输輸', '两兩', '与與', '获獲', '确確', '余餘', '额額', '对對', '讲講', '围圍', '栏欄', '视視', '频頻'],
  ...['双雙', '复複', '扫掃', '维維', '个個', '换換', '败敗', '称稱', '轨軌', '迹跡', '该該', '组組', '认認'],
  ...['选選', '择擇', '户戶', '开開', '范範', '须須', '于於', '结結', '单單', '划劃', '线線', '头頭', '联聯'],
  ...['昵暱', '缀綴', '邮郵', '广廣', '仅僅', '备備', '内內', '类類', '现現', '优優', '级級', '项項', '创創'],
  ...['机機', '设設', '发發', '这這', '们們', '会會', '说說', '网網', '页頁', '态態', '处處', '据據', '统統'],
  ...['报報', '读讀', '应應', '删刪', '断斷', '让讓', '经經', '图圖', '点點', '实實', '间間', '话話', '语語'],
  ...['转轉', '动動', '区區', '测測', '显顯', '执執', '运運', '总總', '条條', '长長', '门門', '关關', '业業'],
].map((pair) => [...pair] as [string, string]);

describe('the catalogue', () => {
  it('has messages', () => {
    expect(entries.length).toBeGreaterThan(50);
  });

  it.each(entries)('%s has non-empty en, cn and cn2', (_key, msg) => {
    expect(Object.keys(msg).sort()).toEqual([...Languages].sort());
    for (const lang of Languages) expect(msg[lang].trim()).not.toBe('');
  });

  it.each(entries)('%s is translated (cn and cn2 differ from en)', (_key, msg) => {
    expect(msg.cn).not.toBe(msg.en);
    expect(msg.cn2).not.toBe(msg.en);
    expect(msg.cn).toMatch(/\p{Script=Han}/u);
    expect(msg.cn2).toMatch(/\p{Script=Han}/u);
  });

  it('keeps the same numbers in every language (limits must not drift between translations)', () => {
    const digits = (text: string) => (text.match(/\d+/g) ?? []).sort().join();
    // 'The 2 inputs' is spelt out in Chinese (两次 / 兩次).
    const spelt = new Set<MessageKey>(['inputsInconsistent']);
    const drift = entries
      .filter(
        ([key, msg]) =>
          digits(msg.cn2) !== digits(msg.cn) || (!spelt.has(key) && digits(msg.cn) !== digits(msg.en)),
      )
      .map(([key]) => key);
    expect(drift).toEqual([]);
  });

  it('has each English text once', () => {
    const en = entries.map(([, msg]) => msg.en);
    expect(en.filter((text, i) => en.indexOf(text) !== i)).toEqual([]);
  });

  it.each(spec8)('has the SPEC §8 text %j', (text) => {
    expect(entries.filter(([, msg]) => msg.en === text).map(([key]) => key)).toHaveLength(1);
  });
});

describe('Simplified (cn) and Traditional (cn2) Chinese', () => {
  it('the character table is consistent', () => {
    const simplified = new Set(scriptPairs.map(([s]) => s));
    for (const [s, t] of scriptPairs) {
      expect(s).not.toBe(t);
      expect(simplified.has(t), `${t} is not also listed as Simplified`).toBe(false);
    }
  });

  it('cn2 uses no Simplified-only character', () => {
    const wrong = entries.flatMap(([key, msg]) =>
      scriptPairs.filter(([s]) => msg.cn2.includes(s)).map(([s, t]) => `${key}: ${s} → ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  it('cn uses no Traditional-only character', () => {
    const wrong = entries.flatMap(([key, msg]) =>
      scriptPairs.filter(([, t]) => msg.cn.includes(t)).map(([s, t]) => `${key}: ${t} → ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it('spot checks', () => {
    expect(Messages.accountOrPasswordEmpty).toMatchObject({
      cn: '账号或密码不能为空',
      cn2: '帳號或密碼不能為空',
    });
    expect(Messages.doNotAddRepeatedly).toMatchObject({ cn: '请勿重复添加！', cn2: '請勿重複添加！' });
    expect(Messages.serverException.cn2).toBe('伺服器連接異常');
  });
});

describe('isMessageKey', () => {
  it('knows the keys and nothing else', () => {
    expect(isMessageKey('ssid')).toBe(true);
    expect(isMessageKey('accountOrPasswordEmpty')).toBe(true);
    expect(isMessageKey('nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('__proto__')).toBe(false);
    expect(isMessageKey(1)).toBe(false);
    expect(isMessageKey(undefined)).toBe(false);
  });
});

describe('the keys rules.ts speaks in', () => {
  // Besides message keys, rules.ts quotes only field names in `path: [...]`, regular-expression flags
  // and `typeof` names.
  const source = readFileSync(new URL('../src/rules.ts', import.meta.url), 'utf8')
    .replace(/^import .*$/gm, '')
    .replace(/path: \[[^\]]*\]/g, '')
    .replace(/typeof \w+ === '\w+'/g, '')
    .replace(/,\s*'[dgimsuvy]+'\s*\)/g, ')');
  const keys = [...new Set([...source.matchAll(/'([A-Za-z][A-Za-z0-9]*)'/g)].map((m) => m[1]))];

  it('finds the literals', () => {
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toContain('prefixRequired');
    expect(keys).toContain('dateRangeMax');
  });

  it('are all in the catalogue', () => {
    expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
  });
});

describe('insufficientByCard', () => {
  it('covers every card type 0-7', () => {
    expect(cardTypeCodes).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Object.keys(insufficientByCard).map(Number).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it.each(CardTypes.map((c) => [c.code, c.key] as const))(
    'card %i (%s) has a balance message',
    (code, key) => {
      const messageKey = insufficientByCard[code];
      expect(isMessageKey(messageKey)).toBe(true);
      expect(messageKey.toLowerCase()).toBe(`insufficient${key}`);
      expect(Messages[messageKey].en).toMatch(/^Insufficient .+ card balance$/);
    },
  );

  it('gives each type its own message', () => {
    const keys = Object.values(insufficientByCard);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('insufficientBalance');
  });
});

describe('displayMessage', () => {
  it.each([
    ['IMEI wrong', 'SSID(IMEI) wrong'],
    ['SSID(IMEI)', 'SSID(IMEI)'],
    ['Scan the IMEI, then the IMEI again', 'Scan the SSID(IMEI), then the SSID(IMEI) again'],
    ['The SSID(IMEI) number you scanned in is wrong', 'The SSID(IMEI) number you scanned in is wrong'],
    ['IMEI号有误', 'SSID(IMEI)号有误'],
    ['Card replacement failed', 'Card replacement failed'],
    ['', ''],
  ])('%j → %j', (text, shown) => {
    expect(displayMessage(text)).toBe(shown);
  });

  it('is idempotent over the whole catalogue', () => {
    for (const [, msg] of entries) {
      for (const lang of Languages) {
        const once = displayMessage(msg[lang]);
        expect(displayMessage(once)).toBe(once);
        expect(once).toBe(msg[lang]);
      }
    }
  });
});
