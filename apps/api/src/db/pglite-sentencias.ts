import {
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * PGlite's `query` sends six messages into its WebAssembly backend for every statement (parse,
 * describe, bind, describe, execute, sync), so each call is parsed, analysed and planned again:
 * about 0.2 ms of protocol and 0.3–0.6 ms of planning per statement of the API (decision 0049).
 * Here a statement with parameters is parsed once per text as a named statement (PostgreSQL then
 * keeps its plan as a connection would), and each later call is one bind / execute / sync.
 *
 * The object stands in for the PGlite client under drizzle, which calls only `query` and
 * `transaction`; everything else (PREPARE, COPY, scripts) still goes to the client itself.
 */
export type ClienteConSentencias = {
  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  transaction<T>(work: (tx: ClienteConSentencias) => Promise<T>): Promise<T>;
  /** Always as a named statement, parameters or not (Database.queryPrepared). */
  preparada<Row>(text: string, params: readonly unknown[]): Promise<Results<Row>>;
  /** How many named statements the backend holds now (tests). */
  readonly sentencias: number;
};

type Mensaje = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

type Campo = { name: string; dataTypeID: number };

type Sentencia = {
  nombre: string;
  /** The parameters' type OIDs, as the backend inferred them at parse time. */
  tipos: readonly number[];
  /** The result's columns (none for a statement without rows), described once at parse time. */
  campos: readonly Campo[];
};

/** More distinct texts than this and the least recently used statement is closed. */
const LIMITE_SENTENCIAS = 400;

const { serialize } = protocol;

// Names are unique in the process: two of these objects over one client never clash.
let contador = 0;

const unir = (partes: readonly Uint8Array[]): Uint8Array => {
  const salida = new Uint8Array(partes.reduce((total, parte) => total + parte.length, 0));
  let desde = 0;
  for (const parte of partes) {
    salida.set(parte, desde);
    desde += parte.length;
  }
  return salida;
};

/**
 * A statement whose tables changed shape since it was parsed (a migration in the same process)
 * fails with this, and one deallocated behind this object's back with 26000; either is parsed
 * again once.
 */
const esPlanCaducado = (error: unknown) =>
  error instanceof Error &&
  (((error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')) ||
    // Gone from the session (a DEALLOCATE ALL): parsed again the same way.
    (error as { code?: string }).code === '26000');

export const clienteConSentencias = (
  client: PGlite,
  limite = LIMITE_SENTENCIAS,
): ClienteConSentencias => {
  // Insertion order is recency order: a used statement is moved to the end.
  const sentencias = new Map<string, Sentencia>();

  // Every message ends with a Sync in the same call, so after an error the backend is ready for
  // the next statement (and, inside a transaction, the transaction is marked failed as usual).
  const enviar = (...mensajes: Uint8Array[]) =>
    client.execProtocolStream(unir([...mensajes, serialize.sync()]), { syncToFs: false });

  const preparar = async (text: string): Promise<Sentencia> => {
    const conocida = sentencias.get(text);
    if (conocida) {
      sentencias.delete(text);
      sentencias.set(text, conocida);
      return conocida;
    }
    const nombre = `tv_s${++contador}`;
    const respuesta = await enviar(
      serialize.parse({ name: nombre, text }),
      serialize.describe({ type: 'S', name: nombre }),
    );
    const parametros = respuesta.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const filas = respuesta.find((m) => m.name === 'rowDescription') as
      | { fields: Campo[] }
      | undefined;
    const sentencia: Sentencia = {
      nombre,
      tipos: parametros?.dataTypeIDs ?? [],
      campos: (filas?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    sentencias.set(text, sentencia);
    if (sentencias.size > limite) {
      const [viejo, antigua] = sentencias.entries().next().value as [string, Sentencia];
      sentencias.delete(viejo);
      await enviar(serialize.close({ type: 'S', name: antigua.nombre }));
    }
    return sentencia;
  };

  const ejecutarUnaVez = async <Row>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<Row>> => {
    const sentencia = await preparar(text);
    // As PGlite's own query serialises each value: by the type the backend gave the parameter.
    const values = params.map((valor, i) => {
      if (valor === null || valor === undefined) return null;
      const tipo = sentencia.tipos[i] ?? 0;
      const serializar = options?.serializers?.[tipo] ?? client.serializers[tipo];
      return serializar ? serializar(valor) : String(valor);
    });
    const mensajes = await enviar(
      serialize.bind({ statement: sentencia.nombre, values }),
      serialize.execute({}),
    );
    return resultado<Row>(sentencia.campos, mensajes, options);
  };

  /**
   * The result as PGlite's parseResults builds it for one statement, without what made that cost
   * about 0.15 ms a call: it copies the client's whole parser table (every type, arrays included)
   * into a new object whenever the call brings its own parsers, as drizzle's always do.
   */
  const resultado = <Row>(
    campos: readonly Campo[],
    mensajes: readonly Mensaje[],
    options: QueryOptions | undefined,
  ): Results<Row> => {
    const propios = options?.parsers;
    const lectores = campos.map(
      ({ dataTypeID }) =>
        propios?.[dataTypeID] ?? client.parsers[dataTypeID] ?? types.parsers[dataTypeID],
    );
    const enLista = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let command = '';
    let affectedRows = 0;
    let rowCount: number | undefined;
    for (const mensaje of mensajes) {
      if (mensaje.name === 'dataRow') {
        const valores = (mensaje as unknown as { fields: (string | null)[] }).fields;
        const leidos = valores.map((valor, i) => {
          const leer = lectores[i];
          return valor === null || !leer ? valor : leer(valor, campos[i]!.dataTypeID);
        });
        if (enLista) rows.push(leidos);
        else {
          const fila: Record<string, unknown> = {};
          for (let i = 0; i < campos.length; i++) fila[campos[i]!.name] = leidos[i];
          rows.push(fila);
        }
      } else if (mensaje.name === 'commandComplete') {
        const palabras = (mensaje as unknown as { text: string }).text.split(' ');
        command = palabras[0] ?? '';
        const n = Number.parseInt(palabras.at(-1) ?? '', 10);
        if (!Number.isNaN(n)) rowCount = n;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows = n;
      }
    }
    return {
      rows: rows as Row[],
      fields: campos.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      command,
      affectedRows,
      ...(rowCount === undefined ? {} : { rowCount }),
    } as Results<Row>;
  };

  const ejecutar = async <Row>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    { enTransaccion }: { enTransaccion: boolean },
  ): Promise<Results<Row>> => {
    try {
      return await ejecutarUnaVez<Row>(text, params, options);
    } catch (error) {
      if (!esPlanCaducado(error)) throw error;
      const caducada = sentencias.get(text);
      sentencias.delete(text);
      if (caducada) await enviar(serialize.close({ type: 'S', name: caducada.nombre }));
      // The error has aborted an open transaction: the caller gets it as it is (its next try
      // parses the statement again), not the "transaction is aborted" of a retry.
      if (enTransaccion) throw error;
      return ejecutarUnaVez<Row>(text, params, options);
    }
  };

  /** Inside a transaction: the transaction already holds the client; statements queue as its own do. */
  const deTransaccion = (tx: Transaction): ClienteConSentencias => ({
    query: async <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (!params || params.length === 0) return tx.query<Row>(text, params, options);
      // As PGlite's own: a statement that comes after its transaction ended (a promise not
      // awaited) is refused, instead of running inside whatever holds the client then.
      if (tx.closed) throw new Error('Transaction is closed');
      return client.runExclusive(() =>
        ejecutar<Row>(text, params, options, { enTransaccion: true }),
      );
    },
    transaction: () => Promise.reject(new Error('Transacción anidada: usa un savepoint')),
    preparada: (text, params) =>
      client.runExclusive(() => ejecutar(text, params, undefined, { enTransaccion: true })),
    get sentencias() {
      return sentencias.size;
    },
  });

  // As PGlite's own query: after any open transaction, one statement at a time.
  const fuera = async <Row>(
    text: string,
    params: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>> => {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const resultado = await ejecutar<Row>(text, params, options, { enTransaccion: false });
        await client.syncToFs();
        return resultado;
      }),
    );
  };

  return {
    query: <Row>(text: string, params?: unknown[], options?: QueryOptions) =>
      params && params.length > 0
        ? fuera<Row>(text, params, options)
        : client.query<Row>(text, params, options),
    transaction: (work) => client.transaction((tx) => work(deTransaccion(tx))),
    preparada: (text, params) => fuera(text, params),
    get sentencias() {
      return sentencias.size;
    },
  };
};
