export { DeviceClient, DeviceError, type FenceInfo } from './client.ts';
export { seeded } from './random.ts';
export {
  type Credentials,
  type Fix,
  type SimulationOptions,
  type SimulationResult,
  simulate,
} from './simulate.ts';
export { burstWav, pcmWav } from './wav.ts';
