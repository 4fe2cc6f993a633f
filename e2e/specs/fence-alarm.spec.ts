import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FenceTrigger } from '@ptt/contract';
import { plainChange } from '../../apps/server/src/http/route.ts';
import * as fences from '../../apps/server/src/modules/fence/manage.ts';
import * as fenceMembers from '../../apps/server/src/modules/fence/members.ts';
import * as orgs from '../../apps/server/src/modules/org/service.ts';
import { phone, shot, signIn, still, streamOpen } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

/** A no-exit yard well away from the demo's Harbour fence, so only this fence speaks. */
const depot = { lat: 22.35, lng: 114.12 };
/** Some 600 m north of the yard's centre: outside its 200 m. */
const outside = { lat: depot.lat + 0.0055, lng: depot.lng };

/** The demo company's "Depot Yard": a 200 m no-exit circle that monitors the given radios. */
async function depotYard(terminalIds: number[]) {
  const org = await orgs.findByAccount(server.db, 'company01');
  if (!org) throw new Error('no demo company');
  const fence = await fences.createFence(
    plainChange(server.db),
    org,
    { name: 'Depot Yard', shape: 'circle', center: depot, radius: 200, trigger: FenceTrigger.noExit },
    'Asia/Hong_Kong',
  );
  await fenceMembers.addMembersOf(server.db, fence.id, terminalIds);
}

describe('fence alarms on an open company console', () => {
  useServerAndBrowser();

  it('shows a terminal leaving a no-exit fence on the open console, with the records list updated', async () => {
    const radio = await deviceOf(server, 'company01', 1);
    await depotYard([radio.id]);
    // Inside the yard: the no-exit fence is content.
    // Positions go out in time order: the engine skips one no newer than the terminal's last.
    let last = 0;
    const ago = (s: number) => {
      last = Date.now() - s * 1000;
      return new Date(last);
    };
    const next = () => {
      last = Math.max(Date.now(), last + 2000);
      return new Date(last);
    };
    const inside = await radio.device.positions([{ ...depot, time: ago(120) }]);
    assert.equal(inside.alarms, 0);

    const page = await phone(browser, server.url);
    const open = streamOpen(page);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('row-fence-record').click();
    const list = page.getByTestId('fence-record-list');
    await page.getByTestId('fence-records').waitFor();
    await open;
    const before = await page.getByTestId('fence-record').count();

    const left = await radio.device.positions([{ ...outside, time: ago(60) }]);
    assert.equal(left.alarms, 1, 'the terminal’s position outside the yard raised one alarm');
    // How soon it comes is a budget of the bench (DESIGN §7); here it only has to come.
    const banner = page.getByTestId('fence-alarm');
    await banner.waitFor();
    const text = (await page.getByTestId('fence-alarm-text').textContent()) ?? '';
    assert.match(text, new RegExp(`^${radio.name}: Outside \\(no exit\\) · Depot Yard`));
    // The list on screen has the new record at its top, without a pull.
    await list
      .getByTestId('fence-record')
      .first()
      .filter({ hasText: radio.name })
      .filter({ hasText: 'Depot Yard' })
      .waitFor();
    assert.equal(await page.getByTestId('fence-record').count(), before + 1);
    await shot(page, 'fence-alarm-banner-en');

    // The banner leads to the terminal's track.
    await page.getByTestId('fence-alarm-track').click();
    await page.waitForURL(`**/locationTrack?id=${radio.id}`);
    await banner.waitFor({ state: 'detached' });

    // On the home, the next alarm badges "Electronic fence records" and tops the feed.
    const reopened = streamOpen(page);
    await page.goto('/home');
    await page.getByTestId('home-org').waitFor();
    await reopened;
    await page.getByTestId('fence-feed-item').first().filter({ hasText: radio.name }).waitFor();
    // Back in the yard, then out again: a new violation alarms at once.
    const again = await radio.device.positions([
      { ...depot, time: ago(30) },
      { ...outside, time: ago(0) },
    ]);
    assert.equal(again.alarms, 1);
    await banner.waitFor();
    await page.getByTestId('fence-alarm-badge').waitFor();
    assert.equal(await page.getByTestId('fence-feed-item').count(), 2);
    await shot(page, 'fence-alarm-home-en');

    // Opening the records list clears the badge.
    await page.getByTestId('row-fence-record').click();
    await page.getByTestId('fence-record').first().waitFor();
    await page.goBack();
    await page.getByTestId('home-org').waitFor();
    assert.equal(await page.getByTestId('fence-alarm-badge').count(), 0);

    // The same in both Chinese scripts, on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const [lang, title] of [
      ['zh-Hant', '圍欄告警'],
      ['zh-Hans', '围栏告警'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const live = streamOpen(page);
      await page.reload();
      await page.getByTestId('fence-feed-item').first().waitFor();
      await live;
      const crossed = await radio.device.positions([
        { ...depot, time: next() },
        { ...outside, time: next() },
      ]);
      assert.equal(crossed.alarms, 1);
      await banner.getByText(title).waitFor();
      await still(page);
      await shot(page, `fence-alarm-home-${lang.toLowerCase()}-320`);
    }
  });
});
