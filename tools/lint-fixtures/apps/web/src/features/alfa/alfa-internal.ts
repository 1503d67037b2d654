export const alfaInternal = 1;
