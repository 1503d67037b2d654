// Placeholder until the status pages land (issue 3, shell-pages).
export const NotFoundPage = () => <h1>Página no encontrada</h1>;
