import { ConfigError } from './config.js';
import { DatabaseConnectionError } from './db/database.js';
import { MigrationChecksumError } from './db/migrator.js';

// What a launcher prints and exits with when the product cannot serve, so a supervisor (systemd,
// a container runtime) sees a non-zero exit and an operator a line that says why.

export type StartupFailure = { line: string; exitCode: number };

/** EX_CONFIG (sysexits.h) for a bad environment, 1 for anything else. */
export const describeStartupError = (error: unknown): StartupFailure => {
  if (error instanceof ConfigError) return { line: error.message, exitCode: error.exitCode };
  const { code, port, address } = (error ?? {}) as {
    code?: unknown;
    port?: unknown;
    address?: unknown;
  };
  if (code === 'EADDRINUSE') {
    const where = `${typeof address === 'string' ? `${address}:` : ''}${String(port ?? '')}`;
    return {
      line: `No se puede escuchar en ${where}: el puerto ya está en uso / Cannot listen on ${where}: the port is already in use`,
      exitCode: 1,
    };
  }
  if (code === 'EACCES') {
    return {
      line: `Sin permiso para escuchar en el puerto ${String(port ?? '')} / No permission to listen on port ${String(port ?? '')}`,
      exitCode: 1,
    };
  }
  if (error instanceof DatabaseConnectionError || error instanceof MigrationChecksumError) {
    return { line: error.message, exitCode: 1 };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    line: `No se pudo arrancar TVSistema / TVSistema could not start: ${message}`,
    exitCode: 1,
  };
};
