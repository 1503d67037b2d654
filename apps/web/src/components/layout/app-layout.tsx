import { Outlet } from 'react-router';

// Placeholder until the navbar and page frame land (issue 3, shell-pages).
export const AppLayout = () => <Outlet />;
