// Baseline for sign-in: node:http doing only the irreducible work of a password sign-in — one scrypt
// verification with the emulator's parameters (N=2^17, r=8, p=1) and one RS256 token signature.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { generateKeyPair, SignJWT } from 'jose';

const parameters = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const hash = (password, salt) =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, 32, parameters, (error, key) => (error ? reject(error) : resolve(key))),
  );

const salt = randomBytes(16);
const stored = await hash('Correct-horse-9', salt);
const { privateKey } = await generateKeyPair('RS256');

const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', async () => {
    const { password } = JSON.parse(body);
    const ok = timingSafeEqual(await hash(password, salt), stored);
    if (!ok) {
      response.writeHead(403);
      response.end();
      return;
    }
    const accessToken = await new SignJWT({ scope: 'openid profile email' })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setSubject('auth0|bench')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(privateKey);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer' }));
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
