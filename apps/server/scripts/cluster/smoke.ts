import { startCluster } from './cluster';

/** Starts a two-instance cluster, checks both answer through the proxy, stops it. */
const cluster = await startCluster({ log: (l) => console.log(l) });
try {
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${cluster.url}/api/products/1/`);
    console.log(res.status, (await res.text()).slice(0, 80));
  }
  console.log([...cluster.proxy.counts.entries()]);
} finally {
  await cluster.stop();
}
