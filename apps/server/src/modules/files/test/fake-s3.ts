import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny in-process S3-compatible server for tests: PUT/GET/HEAD/DELETE of objects under path-style
 * `/<bucket>/<key>`, with AWS Signature V4 verification (so wrong credentials or mangled paths fail as they
 * would on a real store). Not a full S3: no multipart uploads, listing or presigned URLs.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function verifySignature(req: http.IncomingMessage, body: Buffer, keys: Record<string, string>, region: string): string | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'malformed authorization';
  const [, accessKey, date, reqRegion, signedHeaders, signature] = m as unknown as string[];
  const secret = keys[accessKey!];
  if (!secret) return 'unknown access key';
  if (reqRegion !== region) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date!)) return 'date mismatch';
  if (!payloadHash.startsWith('UNSIGNED') && !payloadHash.startsWith('STREAMING') && payloadHash !== sha256(body)) {
    return 'payload hash mismatch';
  }
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerLines = signedHeaders!
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region), 's3'), 'aws4_request');
  const expected = crypto.createHmac('sha256', kSigning).update(toSign).digest('hex');
  return expected === signature ? null : 'signature mismatch';
}

export async function startFakeS3(opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      requests.push({ method: req.method ?? '', path });
      const problem = verifySignature(req, body, { [opts.accessKeyId]: opts.secretAccessKey }, opts.region);
      if (problem) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      const prefix = `/${opts.bucket}/`;
      if (!path.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      const key = decodeURIComponent(path.slice(prefix.length));
      const obj = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
          res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
          res.end();
          return;
        case 'GET':
        case 'HEAD':
          if (!obj) {
            res.writeHead(404, { 'content-type': 'application/xml' });
            res.end(req.method === 'GET' ? '<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>' : undefined);
            return;
          }
          res.writeHead(200, { 'content-type': obj.contentType, 'content-length': obj.body.length });
          res.end(req.method === 'GET' ? obj.body : undefined);
          return;
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          res.end();
          return;
        default:
          res.writeHead(405);
          res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
