export const Fine = () => (
  <div>
    <Modal.Header closeButton closeLabel="Cerrar">
      Título
    </Modal.Header>
    <Alert dismissible closeLabel="Cerrar">
      Aviso
    </Alert>
  </div>
);
