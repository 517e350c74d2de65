/**
 * What an integrator's client is generated from: the OpenAPI document's operations that take an API
 * key (`security` lists apiKey), with the components they use. The typed client checked in beside it
 * (integrator-api.ts) is generated from this by openapi-typescript; a test regenerates it and fails
 * when the contract has moved on (`npm run api-client -w @bank/server` writes it again).
 */
import type { OpenApiDocument } from '../../../platform/openapi.ts';

export function integratorDocument(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths).filter(([, item]) =>
      ((item.post.security as Record<string, unknown>[] | undefined) ?? []).some((scheme) => 'apiKey' in scheme),
    ),
  );
  return { ...document, paths };
}
