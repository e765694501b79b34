/** `count` distinct ports on 127.0.0.1 that were free a moment ago. */
export function freePorts(count: number): Promise<number[]>;
