import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './bench-stack.js';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

export interface NginxProxy {
  url: string;
  /** The master process (its worker is its child). */
  pid: number | undefined;
  version: string;
  stop(): Promise<void>;
}

/** Debian's nginx when installed (`apt-get install -y nginx`), else undefined. */
export function findNginx(): string | undefined {
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * nginx as a plain reverse proxy in front of `upstreamPort`, as one would deploy it: one worker
 * (the BFF is one Node process too), keep-alive to the upstream, buffering on, access log to a file.
 * Configured in a throwaway directory on a spare port; nothing of the system's nginx is touched.
 */
export async function startNginxProxy(binary: string, port: number, upstreamPort: number): Promise<NginxProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log combined buffer=64k;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream service { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_max_temp_file_size 0;
    }
  }
}
`,
  );
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const child: ChildProcess = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      return { url, pid: child.pid, version, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start on port ${port}`);
}
