import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { phone, shot, signIn, streamOpen } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import type { TestServer } from '../support/server.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const centre = { lat: 22.3193, lng: 114.1694 };

/** The centre of a terminal's own marker on the fleet map (not inside a cluster). */
const markerCentre = (page: Page, name: string) =>
  page.evaluate((title) => {
    const el = document.querySelector(`.leaflet-marker-icon[title="${CSS.escape(title)}"]`);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, name);

describe('live operations of a company console', () => {
  useServerAndBrowser();

  it('takes the open console’s screen when a terminal raises SOS; Acknowledge opens its detail', async () => {
    const page = await phone(browser, server.url);
    const open = streamOpen(page);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('count-user').click();
    await page.getByTestId('user-list').waitFor();
    await open;

    const radio = await deviceOf(server, 'company01', 2);
    await radio.device.sos(centre.lat, centre.lng, new Date());
    // How soon it comes is a budget of the bench (DESIGN §7); here it only has to come.
    const alarm = page.getByTestId('sos-alarm');
    await alarm.waitFor();
    assert.equal(await page.getByTestId('sos-alarm-name').textContent(), radio.name);
    assert.match((await alarm.textContent()) ?? '', new RegExp(radio.ssid));
    assert.match((await alarm.textContent()) ?? '', /Demo_Company/);
    await page.getByTestId('sos-alarm-map').waitFor();
    await shot(page, 'live-sos-alarm-en');

    // A second SOS while the first waits queues behind it.
    const other = await deviceOf(server, 'company01', 3);
    await other.device.sos(centre.lat + 0.01, centre.lng, new Date());
    await page.getByTestId('sos-alarm-count').getByText('2 SOS waiting').waitFor();
    await shot(page, 'live-sos-alarm-queue-en');

    const id = await alarm.getAttribute('data-sos-id');
    await page.getByTestId('sos-alarm-ack').click();
    await page.waitForURL(`**/sosDetail?id=${id}`);
    await page.getByTestId('sos-detail').getByText(radio.name).first().waitFor();
    // The next SOS takes the screen in its turn.
    assert.equal(await page.getByTestId('sos-alarm-name').textContent(), other.name);
    await page.getByTestId('sos-alarm-ack').click();
    await page.waitForURL('**/sosDetail?id=*');
    await alarm.waitFor({ state: 'detached' });

    // The same alarm in Traditional Chinese.
    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
    const reopened = streamOpen(page);
    await page.goto('/home');
    await page.getByTestId('home-org').waitFor();
    await reopened;
    // The latest radio signed in: resetting a terminal's credentials ends the sessions of those before it.
    await other.device.sos(centre.lat, centre.lng, new Date());
    await alarm.getByText('SOS 緊急求救').waitFor();
    await page.getByTestId('sos-alarm-map').waitFor();
    await shot(page, 'live-sos-alarm-zh-hant');
    await page.getByTestId('sos-alarm-ack').click();
    await page.waitForURL('**/sosDetail?id=*');
  });

  it('shows the terminals on the fleet map and moves a marker when its terminal reports a position', async () => {
    const radio = await deviceOf(server, 'company01', 5);
    // Some 200 m north of the radios that raised SOS at the centre, so its marker is not clustered with theirs.
    const start = { lat: centre.lat + 0.002, lng: centre.lng };
    await radio.device.positions([{ ...start, time: new Date(Date.now() - 60_000) }]);

    const page = await phone(browser, server.url);
    const open = streamOpen(page);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('row-fleet-map').click();
    await page.getByTestId('fleet-page').waitFor();
    await page.locator('[data-loaded=true]').waitFor();
    await open;
    await page.locator('.leaflet-marker-icon').first().waitFor();
    // Every terminal of the company, placed or not.
    const fleetSize = await companyTerminals(server, radio.ssid);
    assert.match(
      (await page.getByTestId('fleet-summary').textContent()) ?? '',
      new RegExp(`· ${fleetSize} terminals$`),
    );
    await shot(page, 'live-fleet-map-en');
    // Each terminal standing alone on the map carries its name; "Whole fleet" brings every one back.
    await page.locator('.leaflet-tooltip.fleet-label').first().waitFor();
    await page.getByTestId('fleet-fit').click();

    // The list reads the same fleet: the radio is there, online since it spoke to the server.
    await page.getByTestId('fleet-view-list').click();
    const row = page.getByTestId(`fleet-row-${radio.ssid}`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-state'), 'online');
    await shot(page, 'live-fleet-list-en');

    await row.click();
    await page.getByTestId('fleet-sheet').getByText(radio.name).waitFor();
    assert.equal(
      await page.getByTestId('fleet-to-detail').getAttribute('href'),
      `/userDetail?id=${await terminalId(server, radio.ssid)}`,
    );
    await page.getByTestId('fleet-sheet-address').waitFor();
    await shot(page, 'live-fleet-sheet-en');
    await page.getByTestId('fleet-show-on-map').click();
    await page.waitForFunction(
      (title) => !!document.querySelector(`.leaflet-marker-icon[title="${CSS.escape(title)}"]`),
      radio.name,
    );
    // The map pans to it: read its place once it has stopped moving.
    await page.waitForFunction(
      (title) => {
        const el = document.querySelector(`.leaflet-marker-icon[title="${CSS.escape(title)}"]`);
        if (!el || document.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim')) return false;
        const { x, y } = el.getBoundingClientRect();
        const seen = window as unknown as { lastMarkerPlace?: string };
        const place = `${x},${y}`;
        const still = seen.lastMarkerPlace === place;
        seen.lastMarkerPlace = place;
        return still;
      },
      radio.name,
      { polling: 200 },
    );
    const before = await markerCentre(page, radio.name);
    assert.ok(before, 'the radio’s marker is on the map');

    // About 100 m east: at the zoom the map went to, tens of pixels.
    await radio.device.positions([{ lat: start.lat, lng: start.lng + 0.001, time: new Date() }]);
    await page.waitForFunction(
      ([title, x]) => {
        const el = document.querySelector(`.leaflet-marker-icon[title="${CSS.escape(title as string)}"]`);
        return !!el && el.getBoundingClientRect().x > (x as number) + 20;
      },
      [radio.name, before.x] as const,
    );
    const afterMove = await markerCentre(page, radio.name);
    assert.ok(afterMove && Math.abs(afterMove.y - before.y) < 5, 'the marker moved east, not north');
    await shot(page, 'live-fleet-moved-en');

    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hans'));
    await page.reload();
    await page.getByText('实时车队地图').first().waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await shot(page, 'live-fleet-map-zh-hans');
  });

  it('opens the fleet map from the user list', async () => {
    const page = await phone(browser, server.url);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('count-user').click();
    await page.getByTestId('to-fleet-map').click();
    await page.waitForURL('**/fleetMap');
    await page.getByTestId('fleet-summary').waitFor();
  });
});

async function terminalId(server: TestServer, ssid: string) {
  const row = await server.db.query.terminals.findFirst({ where: (t, { eq }) => eq(t.ssid, ssid) });
  return row?.id;
}

/** How many terminals the company of the terminal `ssid` has. */
async function companyTerminals(server: TestServer, ssid: string) {
  const one = await server.db.query.terminals.findFirst({ where: (t, { eq }) => eq(t.ssid, ssid) });
  const all = await server.db.query.terminals.findMany({
    columns: { id: true },
    where: (t, { eq }) => eq(t.orgId, one?.orgId ?? 0),
  });
  return all.length;
}
