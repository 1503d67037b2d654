// Placeholder until the status pages land (issue 3, shell-pages).
export const UnauthorizedPage = () => <h1>Acceso no autorizado</h1>;
