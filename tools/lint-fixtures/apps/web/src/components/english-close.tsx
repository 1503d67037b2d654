// react-bootstrap's default close names are English ("Close", "Close alert").
export const Broken = () => (
  <div>
    <Modal.Header closeButton>Título</Modal.Header>
    <Alert dismissible>Aviso</Alert>
  </div>
);
