/** The identity-token fields the profile reads (a subset of the signed-in user, SPEC 3). */
export type ProfileSource = {
  readonly name?: string;
  readonly given_name?: string;
  readonly family_name?: string;
  readonly email?: string;
  readonly phone_number?: string;
  readonly empresa?: string;
  readonly cargo?: string;
};

export type ProfileValues = {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  empresa: string;
  cargo: string;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Prefill from the identity token (SPEC 3). Without given/family names the full name is split at
 * its first space, which is right for the usual "Nombre Apellidos" of the accounts we issue.
 */
export const profileValuesFrom = (user: ProfileSource): ProfileValues => {
  const fullName = text(user.name);
  const [firstWord = '', ...rest] = fullName ? fullName.split(/\s+/) : [];
  return {
    nombre: text(user.given_name) || firstWord,
    apellido: text(user.family_name) || rest.join(' '),
    email: text(user.email),
    telefono: text(user.phone_number),
    empresa: text(user.empresa),
    cargo: text(user.cargo),
  };
};
