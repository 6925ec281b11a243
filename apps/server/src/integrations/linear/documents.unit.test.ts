/**
 * Every GraphQL document the server sends to Linear is valid against Linear's schema
 * (vendor/linear/linear-schema.graphql, graphql-js `validate`), and the relay's body schema takes
 * only Summy's named operations.
 */
import { describe, expect, it } from 'vitest';
import { Kind, parse, validate, type OperationDefinitionNode } from 'graphql';
import { linearSchema } from '@summy/fakes/linear';
import { LINEAR_OPERATIONS, linearGraphqlBodySchema } from '@summy/core';
import { ALL_LINEAR_DOCUMENTS, LINEAR_DOCUMENTS } from './documents.ts';

describe('Linear documents', () => {
  it('has one document per relay operation', () => {
    expect(Object.keys(LINEAR_DOCUMENTS).sort()).toEqual([...LINEAR_OPERATIONS].sort());
  });

  it.each(Object.entries(ALL_LINEAR_DOCUMENTS))(
    '%s is one named operation, valid against Linear’s schema',
    (_name, source) => {
      const document = parse(source);
      expect(validate(linearSchema(), document).map((e) => e.message)).toEqual([]);
      const operations = document.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      expect(operations).toHaveLength(1);
      expect(operations[0]!.name?.value).toMatch(/^[A-Z]\w+$/);
    },
  );

  it('the schema check can fail: an unknown field is reported', () => {
    const errors = validate(linearSchema(), parse('query V { viewer { id secretToken } }'));
    expect(errors.map((e) => e.message)).toEqual([
      'Cannot query field "secretToken" on type "User".',
    ]);
  });
});

describe('relay body', () => {
  const ok = (body: unknown) => linearGraphqlBodySchema.safeParse(body).success;

  it("accepts Summy's operations with their variables", () => {
    expect(ok({ operation: 'viewer' })).toBe(true);
    expect(ok({ operation: 'assignedIssues', variables: {} })).toBe(true);
    expect(ok({ operation: 'teams' })).toBe(true);
    expect(ok({ operation: 'workflowStates', variables: { teamId: 't' } })).toBe(true);
    expect(
      ok({
        operation: 'issueUpdate',
        variables: { id: 'i', input: { title: ' T ', dueDate: '2026-12-01', stateId: 's' } },
      }),
    ).toBe(true);
    expect(ok({ operation: 'issueUpdate', variables: { id: 'i', input: { dueDate: null } } })).toBe(
      true,
    );
    expect(ok({ operation: 'issueCreate', variables: { title: 'T', teamId: 't' } })).toBe(true);
  });

  it('refuses documents, other operations and stray variables', () => {
    expect(ok({ query: '{ viewer { id } }' })).toBe(false);
    expect(ok({ operation: 'viewer', query: '{ viewer { id } }' })).toBe(false);
    expect(ok({ operation: 'issueDelete', variables: { id: 'i' } })).toBe(false);
    expect(ok({ operation: 'viewer', variables: { first: 500 } })).toBe(false);
    expect(ok({ operation: 'workflowStates', variables: {} })).toBe(false);
    expect(ok({ operation: 'issueUpdate', variables: { id: 'i', input: {} } })).toBe(false);
    expect(ok({ operation: 'issueUpdate', variables: { id: 'i', input: { title: '  ' } } })).toBe(
      false,
    );
    expect(
      ok({ operation: 'issueUpdate', variables: { id: 'i', input: { dueDate: '01/12/2026' } } }),
    ).toBe(false);
    expect(
      ok({ operation: 'issueUpdate', variables: { id: 'i', input: { assigneeId: 'someone' } } }),
    ).toBe(false);
    expect(
      ok({ operation: 'issueCreate', variables: { title: 'T', teamId: 't', assigneeId: 'x' } }),
    ).toBe(false);
  });
});
