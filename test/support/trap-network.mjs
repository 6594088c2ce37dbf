/**
 * Preloaded (`node --import`) into a process that must not touch the network: every way Node
 * opens a connection or resolves a name throws, and the attempt is printed to stderr as
 * `NETWORK ATTEMPT <what> <where>` so that a test can assert there was none.
 */
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';

function refuse(what) {
  return (...args) => {
    const where = args
      .map((arg) =>
        typeof arg === 'string' || typeof arg === 'number'
          ? arg
          : arg && typeof arg === 'object'
            ? (arg.host ?? arg.hostname ?? arg.path ?? '')
            : '',
      )
      .join(' ');
    process.stderr.write(`NETWORK ATTEMPT ${what} ${where}\n`);
    throw new Error(`network access is not allowed here (${what} ${where})`);
  };
}

net.Socket.prototype.connect = refuse('net.Socket.connect');
net.connect = refuse('net.connect');
net.createConnection = refuse('net.createConnection');
tls.connect = refuse('tls.connect');
dns.lookup = refuse('dns.lookup');
dns.resolve = refuse('dns.resolve');
dns.promises.lookup = refuse('dns.promises.lookup');
dns.promises.resolve = refuse('dns.promises.resolve');
const refuseFetch = refuse('fetch');
globalThis.fetch = async (...args) => refuseFetch(...args);
