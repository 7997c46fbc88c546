import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a named export, so each page file keeps a normal named export. */
export function lazyPage<TName extends string>(
  load: () => Promise<{ [K in NoInfer<TName>]: ComponentType }>,
  name: TName,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
