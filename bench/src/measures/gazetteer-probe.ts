// Run by measures/gazetteer.ts in a process of its own (node --expose-gc): the memory the gazetteer
// adds to a server that has loaded everything else, and how long a picker's search takes.
import { PLACE_SUGGESTIONS_MAX } from '@swapyard/contract';
import { gazetteer } from '../../../server/src/modules/places/gazetteer.ts';
import '../../../server/src/app.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const live = () => {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { live: usage.heapUsed + usage.arrayBuffers, rss: usage.rss };
};

const before = live();
const loadStart = performance.now();
const places = gazetteer();
const loadMs = performance.now() - loadStart;
const after = live();

const prefixes = ['l', 'le', 'lee', 'leeds', 'york', 'man', 'sao p', 'zur', 'new', 'san', 'st', 'ber', 'lon', 'par', 'ham'];
const times: number[] = [];
for (let round = 0; round < 200; round += 1) {
  for (const prefix of prefixes) {
    const start = performance.now();
    places.search(prefix, PLACE_SUGGESTIONS_MAX);
    times.push(performance.now() - start);
  }
}
const sampleResponse = JSON.stringify({ places: places.search('lon', PLACE_SUGGESTIONS_MAX).map(({ id, name, region, country }) => ({ id, name, region, country })) });
process.stdout.write(JSON.stringify({ towns: places.size, loadMs, liveBytes: after.live - before.live, rssBytes: after.rss - before.rss, times, sampleResponse }));
