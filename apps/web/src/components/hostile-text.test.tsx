import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { agentHomeReplies, noExpiries } from '../../test/fixtures.ts';
import { findPage, renderRoute } from '../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>).pwned;
});

/** Names a hostile account could store: markup that would run script if it were ever rendered as HTML. */
const hostile = {
  name: '<img src=x onerror="window.pwned=1">',
  contact: '<script>window.pwned=2</script>',
  address: '"><svg onload="window.pwned=3"></svg>',
  remark: "'; drop table terminals; -- <b>bold</b>",
  org: '<iframe src="javascript:window.pwned=4"></iframe>',
};

const injected = () =>
  document.body.querySelectorAll('img[src="x"], script, svg[onload], iframe, b, [onerror], [onload]');

const shell = agentHomeReplies();

describe('stored text is shown as text', { timeout: 20_000 }, () => {
  it('renders a company whose name, contact and address are markup, without any injected element', async () => {
    signIn(0);
    mockApi({
      ...shell,
      [api.org.info.path]: {
        data: {
          id: 7,
          corg_name: hostile.name,
          contact: hostile.contact,
          account: 'taxico01',
          phone: '',
          email: '',
          address: hostile.address,
          region: '',
          agent_id: 1,
          agent_name: hostile.org,
          toggles: { gps: 0 },
          group_count: 0,
          user_count: 0,
          servers: [],
          created_at: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    expect((await screen.findAllByText(hostile.name)).length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain(hostile.contact);
    expect(injected()).toHaveLength(0);
    expect((window as unknown as Record<string, unknown>).pwned).toBeUndefined();
  });

  it('renders a terminal whose name, remark and company are markup, without any injected element', async () => {
    signIn(0);
    mockApi({
      ...shell,
      [api.terminal.detail.path]: {
        data: {
          id: 4,
          ssid: '359000000000004',
          name: hostile.name,
          org_id: 3,
          org_name: hostile.org,
          user_type: 0,
          expiries: { ...noExpiries, voice: '2027-03-01' },
          created_at: '2026-01-01',
          iccid: '',
          remark: hostile.remark,
          dispatcher: false,
          warranty: null,
          default_group: { id: 1, name: hostile.contact },
          groups: [{ id: 1, name: hostile.contact, priority: 1 }],
        },
      },
    });
    renderRoute('/userDetail?id=4');
    await findPage('user-detail');
    expect((await screen.findAllByText(hostile.name)).length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain(hostile.org);
    expect(injected()).toHaveLength(0);
    expect((window as unknown as Record<string, unknown>).pwned).toBeUndefined();
  });
});
