import { useLocation } from 'react-router';

/** Stands in for the list screen in form tests: shows where navigation landed and its message. */
export const ListProbe = () => {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <div>
      <h1>Listado</h1>
      {flash && <p>{flash}</p>}
    </div>
  );
};
