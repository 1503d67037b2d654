// Placeholder until the dashboard lands (issue 3, shell-pages).
export const DashboardPage = () => <h1>Dashboard</h1>;
