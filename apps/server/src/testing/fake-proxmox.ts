import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Proxmox VE host's REST API (`/api2/json`), for the driver contract suite
 * and the crash test: templates, VMs, tasks that take time and hold a lock on their VM, API-token
 * checking, and failures on demand (down, 500s, a failing task). Only what the driver calls.
 */
export interface FakeVm {
  vmid: number;
  name: string;
  template: boolean;
  status: 'running' | 'stopped';
  tags: string;
  cores: number;
  memoryMb: number;
  diskGb: number;
  lock: string | null;
  cpu: number;
  /** The last password the guest agent set, per user. */
  passwords: Record<string, string>;
}

interface Task {
  upid: string;
  endsAt: number;
  exitstatus: string;
  whenDone: () => void;
  done: boolean;
}

export interface FakeProxmox {
  url: string;
  node: string;
  tokenId: string;
  tokenSecret: string;
  vms: Map<number, FakeVm>;
  /** VMs (not templates) whose name or tags name this uuid. */
  vmsFor(uuid: string): FakeVm[];
  /** The next `times` requests answer 500. */
  failNext(times?: number): void;
  /** The next task started fails with this exit status. */
  failNextTask(exitstatus?: string): void;
  /** How long tasks take (ms). */
  taskMs: number;
  /** Stops answering (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeProxmox(
  options: { taskMs?: number; port?: number } = {},
): Promise<FakeProxmox> {
  const node = 'pve1';
  const tokenId = 'root@pam!renderfarm';
  const tokenSecret = 'b1946ac9-2f0e-4c8e-9f50-fake-secret-7d1e';
  const vms = new Map<number, FakeVm>();
  const tasks = new Map<string, Task>();
  let failures = 0;
  let taskFailure: string | null = null;
  let sequence = 0;
  const requests: string[] = [];

  const template = (vmid: number, name: string): FakeVm => ({
    vmid,
    name,
    template: true,
    status: 'stopped',
    tags: '',
    cores: 4,
    memoryMb: 8192,
    diskGb: 64,
    lock: null,
    cpu: 0,
    passwords: {},
  });
  for (const [vmid, name] of [
    [9000, 'win2022-3dsmax-2025'],
    [9001, 'win2022-blender-42'],
    [9002, 'win2022-c4d-2025'],
    [9003, 'win11-lumion-2024'],
    [9004, 'win11-revit-2025'],
  ] as const) {
    vms.set(vmid, template(vmid, name));
  }

  function settleTasks() {
    const now = Date.now();
    for (const task of tasks.values()) {
      if (!task.done && now >= task.endsAt) {
        task.done = true;
        task.whenDone();
      }
    }
  }

  function startTask(kind: string, vm: FakeVm | null, then: () => void, lock?: string): string {
    sequence += 1;
    const upid = `UPID:${node}:${String(sequence).padStart(8, '0')}:${kind}:${vm?.vmid ?? ''}:root@pam:`;
    const exitstatus = taskFailure ?? 'OK';
    taskFailure = null;
    if (vm && lock) vm.lock = lock;
    tasks.set(upid, {
      upid,
      endsAt: Date.now() + fake.taskMs,
      exitstatus,
      done: false,
      whenDone: () => {
        if (vm) vm.lock = null;
        if (exitstatus === 'OK') then();
      },
    });
    return upid;
  }

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    settleTasks();
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `PVEAPIToken=${tokenId}=${tokenSecret}`) {
      return reply(res, 401, { data: null, message: 'authentication failure' });
    }
    if (failures > 0) {
      failures -= 1;
      return reply(res, 500, { data: null, message: 'internal error (injected)' });
    }
    const path = url.pathname.replace(/^\/api2\/json/, '');
    const form = req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : await readForm(req);
    const ok = (data: unknown) => reply(res, 200, { data });
    const vmMatch = /^\/nodes\/([^/]+)\/qemu\/(\d+)(\/.*)?$/.exec(path);

    if (req.method === 'GET' && path === '/version') return ok({ version: '8.2.4', release: '8.2' });
    if (req.method === 'GET' && path === '/cluster/resources') {
      return ok(
        [...vms.values()].map((vm) => ({
          vmid: vm.vmid,
          name: vm.name,
          node,
          status: vm.status,
          template: vm.template ? 1 : 0,
          tags: vm.tags,
          type: 'qemu',
        })),
      );
    }
    if (req.method === 'GET' && path === '/cluster/nextid') {
      return ok(String(Math.max(100, ...[...vms.keys()].filter((id) => id < 9000).map((id) => id + 1))));
    }
    const taskMatch = /^\/nodes\/[^/]+\/tasks\/([^/]+)\/status$/.exec(path);
    if (req.method === 'GET' && taskMatch) {
      const task = tasks.get(decodeURIComponent(taskMatch[1]!));
      if (!task) return reply(res, 500, { data: null, message: 'no such task' });
      return ok(task.done ? { status: 'stopped', exitstatus: task.exitstatus } : { status: 'running' });
    }
    if (!vmMatch) return reply(res, 501, { data: null, message: `not implemented: ${path}` });
    const vm = vms.get(Number(vmMatch[2]));
    const rest = vmMatch[3] ?? '';
    if (!vm)
      return reply(res, 500, {
        data: null,
        message: `Configuration file 'nodes/${node}/qemu-server/${vmMatch[2]}.conf' does not exist`,
      });
    const busy = () => reply(res, 500, { data: null, message: `VM ${vm.vmid} is locked (${vm.lock})` });

    if (req.method === 'POST' && rest === '/clone') {
      if (!vm.template) return reply(res, 500, { data: null, message: 'not a template' });
      const newid = Number(form.get('newid'));
      if (vms.has(newid)) return reply(res, 500, { data: null, message: `VM ${newid} already exists` });
      const clone: FakeVm = {
        ...template(newid, form.get('name') ?? `vm-${newid}`),
        template: false,
        diskGb: vm.diskGb,
      };
      vms.set(newid, clone);
      return ok(startTask('qmclone', clone, () => {}, 'clone'));
    }
    if (req.method === 'GET' && rest === '/status/current') {
      return ok({
        status: vm.status,
        cpu: vm.cpu,
        ...(vm.lock ? { lock: vm.lock } : {}),
        vmid: vm.vmid,
        name: vm.name,
      });
    }
    if (vm.lock) return busy();
    if (req.method === 'PUT' && rest === '/config') {
      if (form.has('cores')) vm.cores = Number(form.get('cores'));
      if (form.has('memory')) vm.memoryMb = Number(form.get('memory'));
      if (form.has('tags')) vm.tags = form.get('tags') ?? '';
      return ok(null);
    }
    if (req.method === 'PUT' && rest === '/resize') {
      const size = Number(/^(\d+)G$/.exec(form.get('size') ?? '')?.[1]);
      if (!size || size < vm.diskGb)
        return reply(res, 500, { data: null, message: 'shrinking disks is not supported' });
      vm.diskGb = size;
      return ok(null);
    }
    if (req.method === 'POST' && rest === '/status/start') {
      return ok(
        startTask('qmstart', vm, () => {
          vm.status = 'running';
          vm.cpu = 0.62;
        }),
      );
    }
    if (req.method === 'POST' && (rest === '/status/shutdown' || rest === '/status/stop')) {
      return ok(
        startTask(rest.endsWith('stop') ? 'qmstop' : 'qmshutdown', vm, () => {
          vm.status = 'stopped';
          vm.cpu = 0;
        }),
      );
    }
    if (req.method === 'POST' && rest === '/agent/set-user-password') {
      if (vm.status !== 'running')
        return reply(res, 500, { data: null, message: 'QEMU guest agent is not running' });
      vm.passwords[form.get('username') ?? ''] = form.get('password') ?? '';
      return ok({ result: null });
    }
    if (req.method === 'DELETE' && rest === '') {
      if (vm.status === 'running')
        return reply(res, 500, { data: null, message: `VM ${vm.vmid} is running - destroy failed` });
      return ok(startTask('qmdestroy', vm, () => vms.delete(vm.vmid), 'destroyed'));
    }
    return reply(res, 501, { data: null, message: `not implemented: ${req.method} ${path}` });
  }

  let server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => reply(res, 500, { data: null, message: String(error) }));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(options.port ?? 0);

  const fake: FakeProxmox = {
    url: `http://127.0.0.1:${port}`,
    node,
    tokenId,
    tokenSecret,
    vms,
    taskMs: options.taskMs ?? 50,
    requests,
    vmsFor: (uuid) =>
      [...vms.values()].filter(
        (vm) => !vm.template && (vm.name === `rf-${uuid}` || vm.tags.split(/[;,]/).includes(uuid)),
      ),
    failNext: (times = 1) => {
      failures += times;
    },
    failNextTask: (exitstatus = 'clone failed: storage full') => {
      taskFailure = exitstatus;
    },
    down: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    up: async () => {
      server = createServer((req, res) => {
        handle(req, res).catch((error) => reply(res, 500, { data: null, message: String(error) }));
      });
      await listen(port);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
