// A screening as `/h5/` runs it: each participant starts a session, reads the test, starts a record, saves
// after every answer and submits; `concurrency` participants at a time. The same against the app
// (`/api/client`) and against the bare server's `/screen` routes (bare-server.mjs) doing the same writes.
import { percentile, request } from './lib.mjs';

export async function screening(base, testId, { participants, concurrency }) {
  const post = async (path, body, token, expected = [200, 201]) => {
    const res = await request(`${base}${path}`, {
      method: path.endsWith('/answers') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: token }) },
      body: JSON.stringify(body),
    });
    if (!expected.includes(res.status))
      throw new Error(`${path}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return JSON.parse(res.body.toString()).result;
  };
  const starts = [];
  const saves = [];
  let requests = 0;
  let next = 0;
  const one = async () => {
    const { token } = await post('/session', {});
    const test = JSON.parse(
      (await request(`${base}/tests/${testId}`, { headers: { authorization: token } })).body.toString(),
    ).result;
    let t = performance.now();
    const record = await post('/records', { testId }, token);
    starts.push(performance.now() - t);
    const answers = [];
    for (const q of test.questions) {
      answers.push(q.type === 'multiple' ? [0] : 0);
      t = performance.now();
      await post(`/records/${record.id}/answers`, { answers }, token);
      saves.push(performance.now() - t);
    }
    await post(`/records/${record.id}/submit`, { answers }, token);
    requests += 4 + test.questions.length;
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < participants) {
        next++;
        await one();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: requests / seconds,
    startP50: percentile(starts, 50),
    saveP99: percentile(saves, 99),
  };
}
