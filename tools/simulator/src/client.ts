import { api, type DataOf, type Endpoint, type Envelope } from '@ptt/contract';

export type FenceInfo = DataOf<typeof api.device.fences>[number];

/** A failed device call: the server's code and English message. */
export class DeviceError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The device API (/device/v1) as a terminal speaks it: parameters in the query, batches and audio in the body. */
export class DeviceClient {
  token = '';

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<E extends Endpoint>(
    e: E,
    params: Record<string, string | number | undefined>,
    body?: { type: string; data: string | Uint8Array },
  ): Promise<DataOf<E>> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, device_token: this.token || undefined })) {
      if (v !== undefined) query.set(k, String(v));
    }
    const res = await this.fetchImpl(`${this.baseUrl}${e.path}?${query}`, {
      method: e.method,
      ...(body ? { headers: { 'content-type': body.type }, body: body.data as RequestInit['body'] } : {}),
    });
    const envelope = (await res.json()) as Envelope<DataOf<E>>;
    if (envelope.code !== 20001) throw new DeviceError(envelope.code, envelope.msg.en);
    return envelope.data;
  }

  async login(ssid: string, password: string) {
    const data = await this.call(api.device.login, { ssid, password });
    this.token = data.device_token;
    return data;
  }

  fences() {
    return this.call(api.device.fences, {});
  }

  positions(fixes: { lat: number; lng: number; time: Date; speed?: number; accuracy?: number }[]) {
    const positions = fixes.map((f) => ({ ...f, time: f.time.toISOString() }));
    return this.call(
      api.device.positions,
      {},
      { type: 'application/json', data: JSON.stringify({ positions }) },
    );
  }

  /** Tells the server the radio is on when it has nothing else to send. */
  heartbeat() {
    return this.call(api.device.heartbeat, {});
  }

  sos(lat: number, lng: number, time: Date) {
    return this.call(api.device.sos, { lat, lng, time: time.toISOString() });
  }

  recording(groupId: number, start: Date, seconds: number, wav: Uint8Array) {
    return this.call(
      api.device.recording,
      { groupId, start: start.toISOString(), duration: seconds },
      { type: 'audio/wav', data: wav },
    );
  }
}
