// Placeholder until the profile page lands (issue 3, shell-pages).
export const ProfilePage = () => <h1>Mi Perfil</h1>;
