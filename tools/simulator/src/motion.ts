import { between, type Random } from './random.ts';

export interface Point {
  lat: number;
  lng: number;
}

const METRES_PER_DEGREE = 111_195;

/** A point `metres` away from `from` on a bearing (radians from north); flat-earth, fine for a few km. */
export function move(from: Point, bearing: number, metres: number): Point {
  const lat = from.lat + (Math.cos(bearing) * metres) / METRES_PER_DEGREE;
  const lng =
    from.lng + (Math.sin(bearing) * metres) / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180));
  return { lat, lng: ((((lng + 180) % 360) + 360) % 360) - 180 };
}

export function distance(a: Point, b: Point): number {
  const north = (b.lat - a.lat) * METRES_PER_DEGREE;
  let dLng = b.lng - a.lng;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  const east = dLng * METRES_PER_DEGREE * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(north, east);
}

export function bearing(a: Point, b: Point): number {
  let dLng = b.lng - a.lng;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  const east = dLng * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.atan2(east, b.lat - a.lat);
}

/** A uniformly random point within `radius` metres of a centre. */
export const randomPoint = (random: Random, centre: Point, radius: number) =>
  move(centre, random() * 2 * Math.PI, radius * Math.sqrt(random()));

/**
 * One terminal on the move: a person on foot or a vehicle heading for a waypoint, turning smoothly with
 * a little wander, its speed drifting. `pickTarget` chooses the next waypoint when it arrives.
 */
export class Walker {
  position: Point;
  heading: number;
  speed: number;
  target: Point;

  constructor(
    private readonly random: Random,
    start: Point,
    private readonly pickTarget: (from: Point) => Point,
    readonly vehicle = random() < 0.5,
  ) {
    this.position = start;
    this.heading = random() * 2 * Math.PI;
    this.speed = vehicle ? between(random, 6, 12) : between(random, 1, 1.8);
    this.target = pickTarget(start);
  }

  /** Advances `seconds`; returns the new position and the speed in km/h. */
  step(seconds: number): { position: Point; kmh: number } {
    const wanted = bearing(this.position, this.target);
    let turn = wanted - this.heading;
    turn = Math.atan2(Math.sin(turn), Math.cos(turn));
    const maxTurn = (this.vehicle ? 0.5 : 0.9) * seconds * 0.2;
    this.heading += Math.max(-maxTurn, Math.min(maxTurn, turn)) + between(this.random, -0.05, 0.05);
    const base = this.vehicle ? 9 : 1.4;
    this.speed = Math.max(0.3, this.speed + between(this.random, -0.3, 0.3) * (this.vehicle ? 3 : 0.5));
    this.speed = Math.min(this.speed, base * 1.6);
    const metres = Math.min(this.speed * seconds, distance(this.position, this.target));
    this.position = move(this.position, this.heading, metres);
    if (distance(this.position, this.target) < Math.max(5, this.speed * seconds)) {
      this.target = this.pickTarget(this.position);
    }
    return { position: this.position, kmh: this.speed * 3.6 };
  }
}
