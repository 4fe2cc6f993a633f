/** A company's fence as the list reads it: watched all day, every day, with no keeper yet. */
export const fenceRow = (fields: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Depot',
  org_id: 3,
  org_name: 'Demo_Company',
  shape: 'circle',
  trigger: 2,
  window_start: '00:00',
  window_end: '23:59',
  time_zone: 'Asia/Hong_Kong',
  permanent: true,
  date_start: null,
  date_end: null,
  keeper: null,
  member_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  ...fields,
});

/** The same fence as its detail reads it: a circle of 200 m. */
export const fenceDetail = (fields: Record<string, unknown> = {}) => ({
  ...fenceRow(),
  center: { lat: 22.3, lng: 114.1 },
  radius: 200,
  points: [],
  ...fields,
});
