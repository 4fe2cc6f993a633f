import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { fenceRecords, fences } from '../../apps/server/src/db/schema.ts';
import { phone, shot, signIn, still, toastsGone } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

/** Where the four corners are tapped, as fractions of the map's width and height. */
const corners = [
  [0.15, 0.2],
  [0.85, 0.2],
  [0.85, 0.8],
  [0.15, 0.8],
] as const;

/** The demo's 'Harbour' fence: a 250 m circle that monitors every demo radio. */
const harbour = { lat: 22.3193, lng: 114.1694, radius: 250 };

const metresBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6_371_000;
};

/** Taps the map of the edit screen at the four corners, once Leaflet is on screen. */
async function drawSquare(page: Page) {
  const map = page.getByTestId('fence-draw-map');
  await map.locator('.leaflet-container').waitFor();
  await map.scrollIntoViewIfNeeded();
  for (const [i, [fx, fy]] of corners.entries()) {
    // The first tap focuses the map, which may scroll the page: measure it before every tap.
    const box = await map.boundingBox();
    if (!box) throw new Error('map not on screen');
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    // Each corner is counted before the next tap.
    await page
      .getByTestId('fence-draw-hint')
      .getByText(new RegExp(`\\b${i + 1} so far`))
      .waitFor();
  }
}

describe('electronic fences of a company', () => {
  useServerAndBrowser();

  it('draws a polygon by tapping, adds a member, and shows the alarm when the member enters', async () => {
    const radio = await deviceOf(server, 'company01', 0);
    const page = await phone(browser, server.url);
    await signIn(page, server, 'org', 'company01', 'company123');

    await page.getByTestId('row-fence').click();
    await page.getByTestId('fence-list').waitFor();
    await page.getByTestId('fence-row').filter({ hasText: 'Harbour' }).waitFor();
    await shot(page, 'fence-list-en');

    // The contract's rules speak before anything is sent.
    await page.getByTestId('fence-add').click();
    await page.getByTestId('fence-edit').waitFor();
    await page.getByTestId('fence-save').click();
    await page.getByText('Fence name: 1-15 characters').waitFor();
    await page.getByText('Please select a trigger mode').waitFor();
    await page.locator('#fence-name').fill('Harbour');
    await page.getByTestId('fence-trigger-0').click();
    await page.getByTestId('fence-save').click();
    await page.getByText(/Please draw a circle or a polygon/).waitFor();

    // A name already taken is refused by the server; the drawing and the choices stay.
    await drawSquare(page);
    await page.getByTestId('fence-undo').click();
    await page
      .getByTestId('fence-draw-hint')
      .getByText(/3 so far/)
      .waitFor();
    await page.getByTestId('fence-clear').click();
    await page
      .getByTestId('fence-draw-hint')
      .getByText(/0 so far/)
      .waitFor();
    await drawSquare(page);
    await shot(page, 'fence-edit-en');
    await page.getByTestId('fence-save').click();
    await page.getByText('The fence name is duplicated, please modify it and try again.').waitFor();
    assert.equal(await page.locator('#fence-name').inputValue(), 'Harbour');
    await page
      .getByTestId('fence-draw-hint')
      .getByText(/4 so far/)
      .waitFor();
    assert.equal(await page.getByTestId('fence-trigger-0').getAttribute('aria-pressed'), 'true');

    await page.locator('#fence-name').fill('Depot North');
    await page.getByTestId('fence-save').click();
    await page.getByTestId('fence-detail').waitFor();
    await page.getByTestId('fence-name').getByText('Depot North').waitFor();
    assert.equal(await page.getByTestId('fence-trigger').textContent(), 'Enter alarm');
    await page.getByTestId('fence-map').locator('.leaflet-interactive').first().waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    assert.ok(id > 0);
    await toastsGone(page);
    await shot(page, 'fence-detail-en');

    // The saved corners are where the taps were: four of them, around the map's centre.
    const saved = await server.db.query.fences.findFirst({ where: eq(fences.id, id) });
    assert.equal(saved?.shape, 'polygon');
    const points = saved?.points ?? [];
    assert.equal(points.length, 4);
    assert.ok(points[0].lat > points[3].lat && points[1].lng > points[0].lng);

    // The radio becomes a monitored member, and the keeper.
    await page.getByTestId('to-fence-add-members').click();
    await page.getByTestId('fence-add-members').waitFor();
    await page.getByTestId(`check-${radio.ssid}`).click();
    await shot(page, 'fence-add-members-en');
    await page.getByTestId('fence-add-selected').click();
    await page.getByTestId('fence-members').waitFor();
    await page.getByTestId(`fence-member-${radio.ssid}`).waitFor();
    await shot(page, 'fence-members-en');

    await page.goto(`/fenceAdministrator?id=${id}`);
    await page.getByTestId(`check-${radio.ssid}`).click();
    await shot(page, 'fence-keeper-en');
    await page.getByTestId('fence-keeper-save').click();
    await page.getByTestId('fence-keeper').getByText(radio.name).waitFor();
    assert.equal(await page.getByTestId('fence-member-count').textContent(), '1 user');

    // The radio reports a position far outside, then one inside the polygon but outside 'Harbour'.
    const centroid = {
      lat: points.reduce((s, p) => s + p.lat, 0) / 4,
      lng: points.reduce((s, p) => s + p.lng, 0) / 4,
    };
    const corner = points.reduce((best, p) =>
      metresBetween(p, harbour) > metresBetween(best, harbour) ? p : best,
    );
    const inside = {
      lat: centroid.lat + (corner.lat - centroid.lat) * 0.8,
      lng: centroid.lng + (corner.lng - centroid.lng) * 0.8,
    };
    assert.ok(metresBetween(inside, harbour) > harbour.radius + 50);
    const before = (await server.db.select({ n: count() }).from(fenceRecords))[0].n;
    const now = Date.now();
    await radio.device.positions([
      { lat: centroid.lat + 0.05, lng: centroid.lng, time: new Date(now - 60_000) },
      { ...inside, time: new Date(now - 30_000) },
    ]);
    const after = (await server.db.select({ n: count() }).from(fenceRecords))[0].n;
    assert.equal(after - before, 1);

    // The fence's records show exactly that alarm; all fences' records show it first.
    await page.goto(`/fenceDetail?id=${id}`);
    await page.getByTestId('to-fence-records').click();
    await page.getByTestId('fence-records').waitFor();
    const rows = page.getByTestId('fence-record');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
    const text = (await rows.first().textContent()) ?? '';
    assert.match(text, new RegExp(radio.name));
    assert.match(text, /Depot North/);
    assert.match(text, /Entered/);
    assert.match(text, new RegExp(inside.lat.toFixed(5).replace('.', '\\.')));
    assert.equal(await rows.first().getAttribute('data-kind'), '0');
    await rows.first().getByRole('button').click();
    await page.getByTestId('fence-record-map').locator('.leaflet-interactive').first().waitFor();
    await page
      .getByTestId('fence-record-address')
      .getByText(/^near .+ \(\d/)
      .waitFor();
    await page.getByTestId('fence-record-map').locator('path.leaflet-interactive').nth(1).waitFor();
    // The map zooms out to the fence once it arrives; the picture waits for the zoom to end.
    await still(page);
    await shot(page, 'fence-records-en');
    await page.getByTestId('fence-records-fence').selectOption('');
    await page.waitForURL((u) => !u.searchParams.has('id'));
    await rows.first().getByText('Depot North').waitFor();

    // The same screens in Traditional Chinese.
    await page.goto('/main');
    await page.getByTestId('lang-switch').selectOption('zh-Hant');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
    const screens: [string, string, string][] = [
      ['/fencelist', 'fence-list', 'fence-list'],
      [`/fenceDetail?id=${id}`, 'fence-detail', 'fence-detail'],
      [`/fenceEdit?id=${id}`, 'fence-edit', 'fence-edit'],
      [`/fenceAdministrator?id=${id}`, 'fence-keeper', 'fence-keeper'],
      [`/fenceMembers?id=${id}`, 'fence-members', 'fence-members'],
      [`/fenceMyMembersList?id=${id}`, 'fence-add-members', 'fence-add-members'],
      [`/fencerecord?id=${id}`, 'fence-records', 'fence-records'],
    ];
    for (const [path, testId, name] of screens) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      await page.locator('.adm-skeleton').first().waitFor({ state: 'detached' });
      await still(page);
      await shot(page, `${name}-zh-hant`);
    }
    await page.goto(`/fencerecord?id=${id}`);
    await page.getByTestId('fence-record').getByText('進入').waitFor();
  });

  it('removes a member and deletes a fence after a confirmation', async () => {
    const page = await phone(browser, server.url);
    await signIn(page, server, 'org', 'company01', 'company123');
    // The company home leads to all fence records too.
    await page.getByTestId('row-fence-record').click();
    await page.getByTestId('fence-records').waitFor();
    await page.getByTestId('fence-record').first().getByText('Depot North').waitFor();
    const fence = await server.db.query.fences.findFirst({ where: eq(fences.name, 'Depot North') });
    const id = fence?.id as number;

    // Redrawn as a circle: one tap for the centre, the radius typed.
    await page.goto(`/fenceEdit?id=${id}`);
    await page.locator('#fence-name').waitFor();
    await page.getByTestId('fence-shape-circle').click();
    const map = page.getByTestId('fence-draw-map');
    await map.locator('.leaflet-container').waitFor();
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('map not on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('#fence-radius').fill('300');
    await still(page);
    await shot(page, 'fence-edit-circle-en');
    await page.getByTestId('fence-save').click();
    await page.getByTestId('fence-detail').waitFor();
    await page.getByTestId('fence-map').locator('.leaflet-interactive').first().waitFor();
    const circle = await server.db.query.fences.findFirst({ where: eq(fences.id, id) });
    assert.equal(circle?.shape, 'circle');
    assert.equal(circle?.radius, 300);
    await toastsGone(page);
    await shot(page, 'fence-detail-circle-en');

    await page.goto(`/fenceMembers?id=${id}`);
    const member = page.locator('[data-testid^=fence-member-]').first();
    await member.getByRole('button').click();
    await page.locator('.adm-dialog-footer button').last().click();
    await page.getByText('This fence monitors no users yet').waitFor();
    await shot(page, 'fence-members-empty-en');

    await page.goto(`/fenceDetail?id=${id}`);
    await page.getByText('Delete fence').click();
    await page.getByText('Delete the fence Depot North?', { exact: false }).waitFor();
    await page.locator('.adm-dialog-footer button').last().click();
    await page.getByTestId('fence-list').waitFor();
    await page.getByTestId('fence-row').filter({ hasText: 'Harbour' }).waitFor();
    assert.equal(await page.getByTestId('fence-row').filter({ hasText: 'Depot North' }).count(), 0);
  });
});
