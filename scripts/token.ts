// `npm run token -- <email>`: prints an access token for a demo account, signed with the embedded
// identity provider's key, to call the API with curl. Only the token goes to stdout, so
// `TOKEN=$(npm run -s token -- admin@tvsistema.test)` works. If the provider never ran on this
// DATA_DIR, the key is created now and the provider will use the same one when it starts.
import { resolve } from 'node:path';
import { DEMO_ACCOUNTS, UnknownDemoAccountError, mintAccessToken } from '@tvsistema/idp';

const env = process.env;
const dataDir = resolve(env.DATA_DIR || './data');
const idpPort = env.IDP_PORT || '3001';
const audience = env.AUTH_AUDIENCE || 'https://api.tvsistema.es';
const claimsNamespace = env.AUTH_CLAIMS_NAMESPACE || 'https://tvsistema.es/';

const listAccounts = () => {
  console.error('Cuentas de demostración:');
  for (const account of DEMO_ACCOUNTS) {
    console.error(`  ${account.email.padEnd(28)} ${account.roles.join(', ') || '(sin roles)'}`);
  }
};

const email = process.argv[2];
if (!email || email === '--help' || email === '-h') {
  console.error('Uso: npm run token -- <correo>   (imprime un token de acceso para la API)');
  listAccounts();
  process.exit(1);
}

if (env.AUTH_DOMAIN) {
  console.error(
    `Aviso: AUTH_DOMAIN=${env.AUTH_DOMAIN} está configurado; la API no aceptará tokens del proveedor de desarrollo.`,
  );
}

try {
  const token = await mintAccessToken({
    dataDir,
    issuer: `http://localhost:${idpPort}/`,
    audience,
    claimsNamespace,
    email,
  });
  process.stdout.write(`${token}\n`);
} catch (error) {
  if (error instanceof UnknownDemoAccountError) {
    console.error(`Cuenta desconocida: ${email}`);
    listAccounts();
    process.exit(1);
  }
  throw error;
}
