import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

export const LOGIN_ERROR = 'Correo o contraseña incorrectos';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

// Self-contained on purpose: the provider must work offline and load nothing from a CDN.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html,body{height:100%}
body{margin:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;
  padding:24px;background:linear-gradient(160deg,#eef2f7 0%,#dfe6ef 100%);color:#1f2933;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.card{width:100%;max-width:400px;background:#fff;border-radius:12px;padding:32px 32px 24px;
  box-shadow:0 10px 30px rgba(15,23,42,.10),0 1px 3px rgba(15,23,42,.08)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 4px}
.logo{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:8px;
  background:#1d4ed8;color:#fff;font-weight:700;font-size:15px;letter-spacing:.5px}
h1{margin:0;font-size:24px;font-weight:700;color:#0f172a}
.subtitle{margin:0 0 24px;color:#52606d;font-size:15px}
label{display:block;margin:0 0 6px;font-weight:600;font-size:14px;color:#323f4b}
input{display:block;width:100%;margin:0 0 18px;padding:10px 12px;font:inherit;color:inherit;background:#fff;
  border:1px solid #cbd2d9;border-radius:8px;transition:border-color .15s,box-shadow .15s}
input:focus{outline:none;border-color:#1d4ed8;box-shadow:0 0 0 3px rgba(29,78,216,.2)}
button,.button{display:block;width:100%;padding:11px 16px;font:inherit;font-weight:600;color:#fff;text-align:center;
  text-decoration:none;background:#1d4ed8;border:0;border-radius:8px;cursor:pointer;transition:background .15s}
button:hover,.button:hover{background:#1e40af}
button:focus-visible,.button:focus-visible{outline:3px solid rgba(29,78,216,.35);outline-offset:2px}
.alert{margin:0 0 20px;padding:10px 12px;border-radius:8px;background:#fdecea;border:1px solid #f5c2c0;color:#9b1c1c;font-size:14px}
details{margin-top:20px;font-size:13px;color:#52606d}
summary{cursor:pointer}
details ul{margin:8px 0 0;padding-left:18px}
details p{margin:8px 0 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.footer{margin:0;font-size:12px;color:#7b8794}
p{margin:0 0 16px}
`;

type PageOptions = { title: string; body: string; scriptNonce?: string; script?: string };

const page = ({ title, body, scriptNonce, script }: PageOptions): string => `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · TVSistema</title>
<style>${STYLE}</style>
</head>
<body>
<main class="card">
<div class="brand"><span class="logo" aria-hidden="true">TV</span><h1>TVSistema</h1></div>
${body}
</main>
<footer class="footer">Proveedor de identidad de desarrollo</footer>
${script && scriptNonce ? `<script nonce="${escapeHtml(scriptNonce)}">${script}</script>` : ''}
</body>
</html>`;

/** Content-Security-Policy for our pages: nothing external, inline styles, one nonce'd script at most. */
export const pageSecurityPolicy = (scriptNonce?: string): string =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export type LoginPageOptions = {
  action: string;
  email?: string;
  failed?: boolean;
  /** Shown instead of the wrong-credentials alert (e.g. too many failed attempts). */
  error?: string;
};

export const renderLoginPage = ({
  action,
  email = '',
  failed = false,
  error,
}: LoginPageOptions): string =>
  page({
    title: 'Iniciar sesión',
    body: `<p class="subtitle">Inicia sesión para continuar</p>
${error || failed ? `<div class="alert" role="alert">${escapeHtml(error ?? LOGIN_ERROR)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Correo electrónico</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" spellcheck="false" value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
<label for="password">Contraseña</label>
<input id="password" name="password" type="password" autocomplete="current-password"${email ? ' autofocus' : ''}>
<button type="submit">Iniciar sesión</button>
</form>
<details>
<summary>Cuentas de demostración</summary>
<p>Contraseña de todas: <code>${escapeHtml(DEMO_PASSWORD)}</code></p>
<ul>${DEMO_ACCOUNTS.map(
      (account) =>
        `<li><code>${escapeHtml(account.email)}</code> — ${escapeHtml(account.roles.join(', ') || 'sin roles')}</li>`,
    ).join('')}</ul>
</details>`,
  });

/**
 * Auth0 signs out without asking; the confirmation form oidc-provider needs (it carries the
 * anti-forgery token) is submitted by the page itself at once. `logout=yes` ends the whole
 * provider session, as Auth0's logout does, not only this client's part of it.
 */
export const renderLogoutPage = ({
  form,
  scriptNonce,
}: {
  form: string;
  scriptNonce: string;
}): string =>
  page({
    title: 'Cerrando sesión',
    body: `<p class="subtitle">Cerrando sesión…</p>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')}
<noscript><button type="submit" form="op.logoutForm">Cerrar sesión</button></noscript>`,
    scriptNonce,
    script: `document.getElementById('op.logoutForm').submit();`,
  });

export const renderSignedOutPage = ({ appUrl }: { appUrl?: string }): string =>
  page({
    title: 'Sesión cerrada',
    body: `<p class="subtitle">Has cerrado sesión correctamente.</p>
${appUrl ? `<a class="button" href="${escapeHtml(appUrl)}">Volver a TVSistema</a>` : ''}`,
  });

export type ErrorPageOptions = { title: string; message: string; detail?: string; appUrl?: string };

export const renderErrorPage = ({ title, message, detail, appUrl }: ErrorPageOptions): string =>
  page({
    title,
    body: `<p class="subtitle">${escapeHtml(title)}</p>
<div class="alert" role="alert">${escapeHtml(message)}</div>
${detail ? `<p><code>${escapeHtml(detail)}</code></p>` : ''}
${appUrl ? `<a class="button" href="${escapeHtml(appUrl)}">Volver a TVSistema</a>` : ''}`,
  });
