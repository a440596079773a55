import { gql } from '@urql/core';

/**
 * graphql-tag for the built portal (vite.config.ts): @refinedev/graphql builds a form's first read
 * with it, and urql's `gql` takes the same template (strings and documents) over the parser the
 * portal already loads. graphql-tag's own would parse with graphql-js, and its fragment check reads
 * a location that the lighter parser leaves out.
 */
export default gql;
