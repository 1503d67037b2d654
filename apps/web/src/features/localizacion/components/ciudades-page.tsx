// Placeholder until the cities screen lands (issue 4, loc-web).
export const CiudadesPage = () => <h1>Ciudades</h1>;
