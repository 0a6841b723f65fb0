import { createSocket, type RemoteInfo } from 'node:dgram';

// A DNS server on loopback that answers TXT questions from a table the test fills (RFC 1035 §4): what a
// domain's owner publishes, for the single sign-on domain proofs (DNS_RESOLVER points the app at it).
// Only plain node:dgram: the browser tests import it too. Anything not in the table is NXDOMAIN.

const typeTxt = 16;
const classIn = 1;

/** The question's name (labels, no compression: a query's question is never compressed) and its end. */
function readQuestion(message: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = message[offset] ?? 0; length > 0; length = message[offset] ?? 0) {
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 };
}

/** One TXT answer: a pointer to the question's name, then the value in strings of 255 bytes at most. */
function txtAnswer(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const strings: Buffer[] = [];
  for (let start = 0; start < bytes.length || start === 0; start += 255) {
    const chunk = bytes.subarray(start, start + 255);
    strings.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  const rdata = Buffer.concat(strings);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0);
  fixed.writeUInt16BE(typeTxt, 2);
  fixed.writeUInt16BE(classIn, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

function answer(query: Buffer, records: ReadonlyMap<string, string[]>): Buffer {
  const { name, end } = readQuestion(query);
  const type = query.readUInt16BE(end - 4);
  const values = records.get(name);
  const answers = type === typeTxt && values ? values.map(txtAnswer) : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, RD and RA set; RCODE 3 (NXDOMAIN) for a name the table does not have.
  header.writeUInt16BE(0x8180 | (values ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

export type TestDnsServer = {
  /** `host:port`, for DNS_RESOLVER. */
  address: string;
  /** Publishes TXT values at a name (replacing what was there). */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1 (`port` 0: a free one). */
export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    if (message.length < 17) return;
    socket.send(answer(message, records), remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt: (name, values) => records.set(name.toLowerCase().replace(/\.$/, ''), values),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
