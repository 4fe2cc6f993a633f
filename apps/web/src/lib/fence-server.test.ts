import { describe, expect, it } from 'vitest';
import { fenceListLink } from './fence-server.ts';

const enclosure = (intranet_ip: string, intranet_port = 8090) => ({
  server_type: 'enclosure',
  intranet_ip,
  intranet_port,
});

describe('fence list link', () => {
  it('is built from the enclosure entry of the server list, for the company', () => {
    const servers = [
      { server_type: 'audio', intranet_ip: '10.0.0.9', intranet_port: 7000 },
      enclosure('10.0.0.12'),
    ];
    expect(fenceListLink(servers, 7)).toBe('http://10.0.0.12:8090/fencelist?org_id=7');
    expect(fenceListLink([enclosure('fence.example.com', 80)], 3)).toBe(
      'http://fence.example.com/fencelist?org_id=3',
    );
    expect(fenceListLink([enclosure('fd00::12')], 7)).toBe('http://[fd00::12]:8090/fencelist?org_id=7');
  });

  it('is none without a fence server or with an address that is not a host', () => {
    expect(fenceListLink([], 7)).toBeNull();
    expect(
      fenceListLink([{ server_type: 'audio', intranet_ip: '10.0.0.9', intranet_port: 7000 }], 7),
    ).toBeNull();
    expect(fenceListLink([enclosure('')], 7)).toBeNull();
    expect(fenceListLink([enclosure('evil.example/x?')], 7)).toBeNull();
    expect(fenceListLink([enclosure('user@evil.example')], 7)).toBeNull();
  });
});
