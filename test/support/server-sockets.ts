// What a server process holds, read from /proc as `ss -tnp` would: whether one of its open descriptors
// is a TCP connection to a given client port. Tests of closing refusals look from the server's side,
// since a client that never reads cannot tell whether the server let go.
import { readdir, readFile, readlink } from 'node:fs/promises';

/** The socket inodes among a process's open descriptors. */
async function socketInodes(pid: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  return inodes;
}

/** The TCP connections in the process's network namespace, as [remote port, inode] pairs. */
async function connections(pid: number): Promise<Array<{ remotePort: number; inode: string }>> {
  const rows: Array<{ remotePort: number; inode: string }> = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remote = fields[2];
      const inode = fields[9];
      if (!remote || !inode) continue;
      rows.push({ remotePort: Number.parseInt(remote.split(':')[1] ?? '0', 16), inode });
    }
  }
  return rows;
}

/** True while the server process has a descriptor open on a connection from this client port. */
export async function holdsConnectionFrom(pid: number, clientPort: number): Promise<boolean> {
  const [inodes, table] = await Promise.all([socketInodes(pid), connections(pid)]);
  return table.some((row) => row.remotePort === clientPort && inodes.has(row.inode));
}
