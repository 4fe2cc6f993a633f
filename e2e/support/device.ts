import { DeviceClient } from '@ptt/simulator';
import { resetCredentials } from '../../apps/server/src/modules/device/provision.ts';
import type { TestServer } from './server.ts';

/** A terminal of the company signed in to the device API of the test server, as a radio would be. */
export async function deviceOf(server: TestServer, orgAccount: string, index = 0) {
  const credentials = await resetCredentials(server.db, orgAccount, { count: index + 1 });
  const { ssid, name, password } = credentials.terminals[index];
  const device = new DeviceClient(server.url);
  const session = await device.login(ssid, password);
  return { device, ssid, name, id: session.terminal.id, groups: session.groups };
}
