// Broken: raw SQL through the database session outside a repository.
type Session = { query(text: string): Promise<unknown[]> };
type Database = { withSession<T>(work: (session: Session) => Promise<T>): Promise<T> };

export const countGammas = (database: Database) =>
  database.withSession((session) => session.query('select count(*) from gammas'));
