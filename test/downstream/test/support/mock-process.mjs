// Both mocks in their own process (node --expose-gc), so that a test can measure the memory and
// see that the process never crashes. IPC: memory (heap after GC), state (snapshots), stop.
import { createMock as createActionsMock } from '@zapgen/actions-v2/mock';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';

const logged = [];
const options = {
  limits: { bodyTimeoutMs: 500 },
  logger: { error: (message) => logged.push(message) },
};
const mocks = { actions: createActionsMock(options), partner: createPartnerMock(options) };
const urls = { actions: await mocks.actions.listen(), partner: await mocks.partner.listen() };

function heapAfterGc() {
  for (let round = 0; round < 4; round += 1) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

process.on('message', async (message) => {
  if (message === 'memory') process.send({ memory: heapAfterGc() });
  else if (message === 'state')
    process.send({
      state: { actions: mocks.actions.store.snapshot(), partner: mocks.partner.store.snapshot() },
      logged,
    });
  else if (message === 'stop') {
    await Promise.all(Object.values(mocks).map((mock) => mock.close()));
    process.exit(0);
  }
});
process.send({ urls });
