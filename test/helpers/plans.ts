/** The plan most e2e tests migrate with: the simulator's seeded refengine-demo, version 1 to 2. */
export const DEMO_PLAN = {
  source: 'refengine-demo:1',
  target: 'refengine-demo:2',
  instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
};
