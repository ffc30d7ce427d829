// The CMMN endpoints camunda-admin uses, which the official OpenAPI document leaves out (it has no
// /case-definition or /case-instance path at all; only CaseDefinitionDto, through the deployment's
// answer). Written by hand from the engine's REST classes of 7.24 (CaseDefinitionRestServiceImpl,
// CaseDefinitionQueryDto, CaseDefinitionResourceImpl, CaseDefinitionDiagramDto,
// CaseInstanceRestServiceImpl, CaseInstanceQueryDto, CaseInstanceDto) in the document's style, and
// checked against a real Camunda 7.24 engine's answers (see the notes below). extract-openapi.mjs
// adds them to openapi.json, each operation marked with `x-supplement`.

const SUPPLEMENT_NOTE = 'Not in the official document: written from the engine REST classes of 7.24, checked against a real 7.24 engine.';

const string = (name, description) => ({ name, in: 'query', schema: { type: 'string' }, description });
const stringList = (name, description) => ({ name, in: 'query', schema: { type: 'string' }, description: `${description} A comma-separated list.` });
const boolean = (name, description) => ({ name, in: 'query', schema: { type: 'boolean' }, description });
const integer = (name, description) => ({ name, in: 'query', schema: { type: 'integer', format: 'int32' }, description });
const sorting = (fields) => [
  { name: 'sortBy', in: 'query', schema: { enum: fields, type: 'string' }, description: 'Sort the results by a given criterion; with sortOrder.' },
  { name: 'sortOrder', in: 'query', schema: { enum: ['asc', 'desc'], type: 'string' }, description: 'Sort order; with sortBy.' },
];
const paging = [integer('firstResult', 'Index of the first result.'), integer('maxResults', 'Number of results at most.')];
const jsonOf = (schema) => ({ 'application/json': { schema } });
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const error = (description) => ({ content: jsonOf(ref('ExceptionDto')), description });

const CASE_DEFINITION_FILTERS = [
  string('caseDefinitionId', 'Filter by case definition id.'),
  stringList('caseDefinitionIdIn', 'Filter by case definition ids.'),
  string('name', 'Filter by case definition name.'),
  string('nameLike', 'Filter by case definition names that the parameter is a substring of.'),
  string('deploymentId', 'Filter by the deployment the case definition belongs to.'),
  string('key', 'Filter by case definition key.'),
  string('keyLike', 'Filter by case definition keys that the parameter is a substring of.'),
  string('category', 'Filter by case definition category.'),
  string('categoryLike', 'Filter by case definition categories that the parameter is a substring of.'),
  integer('version', 'Filter by case definition version.'),
  boolean('latestVersion', 'Only include those case definitions that are latest versions.'),
  string('resourceName', 'Filter by the name of the case definition resource.'),
  string('resourceNameLike', 'Filter by names of those case definition resources that the parameter is a substring of.'),
  stringList('tenantIdIn', 'Filter by tenant ids.'),
  boolean('withoutTenantId', 'Only include case definitions which belong to no tenant.'),
  boolean('includeCaseDefinitionsWithoutTenantId', 'Include case definitions which belong to no tenant; with tenantIdIn.'),
];

const CASE_INSTANCE_FILTERS = [
  string('caseInstanceId', 'Filter by case instance id.'),
  string('businessKey', 'Filter by case instance business key.'),
  string('caseDefinitionId', 'Filter by the case definition the case instances run on.'),
  string('caseDefinitionKey', 'Filter by the key of the case definition the case instances run on.'),
  string('deploymentId', 'Filter by the deployment the case definition belongs to.'),
  string('superProcessInstance', 'Restrict to case instances that are sub case instances of the given process instance.'),
  string('subProcessInstance', 'Restrict to the case instance that has the given process instance as a sub process instance.'),
  string('superCaseInstance', 'Restrict to case instances that are sub case instances of the given case instance.'),
  string('subCaseInstance', 'Restrict to the case instance that has the given case instance as a sub case instance.'),
  boolean('active', 'Only include active case instances.'),
  boolean('completed', 'Only include completed case instances.'),
  boolean('terminated', 'Only include terminated case instances.'),
  stringList('tenantIdIn', 'Filter by tenant ids.'),
  boolean('withoutTenantId', 'Only include case instances which belong to no tenant.'),
  string('variables', 'Only include case instances that have variables with certain values (name_operator_value, comma-separated).'),
  boolean('variableNamesIgnoreCase', 'Match the variable names case-insensitively.'),
  boolean('variableValuesIgnoreCase', 'Match the variable values case-insensitively.'),
];

const CASE_DEFINITION_SORT = ['category', 'key', 'id', 'name', 'version', 'deploymentId', 'tenantId'];
const CASE_INSTANCE_SORT = ['caseInstanceId', 'caseDefinitionKey', 'caseDefinitionId', 'tenantId'];

const operation = (operationId, tag, summary, parameters, responses) => ({
  operationId,
  tags: [tag],
  summary,
  'x-supplement': SUPPLEMENT_NOTE,
  parameters,
  responses,
});

export const CMMN_PATHS = {
  '/case-definition': {
    get: operation('getCaseDefinitions', 'Case Definition', 'Get List', [...CASE_DEFINITION_FILTERS, ...sorting(CASE_DEFINITION_SORT), ...paging], {
      200: { content: jsonOf({ type: 'array', items: ref('CaseDefinitionDto') }), description: 'Request successful.' },
      400: error('Returned if some of the query parameters are invalid, for example an unknown sortBy or a sortBy without sortOrder.'),
    }),
  },
  '/case-definition/count': {
    get: operation('getCaseDefinitionsCount', 'Case Definition', 'Get List Count', CASE_DEFINITION_FILTERS, {
      200: { content: jsonOf(ref('CountResultDto')), description: 'Request successful.' },
      400: error('Returned if some of the query parameters are invalid.'),
    }),
  },
  '/case-definition/{id}/xml': {
    get: operation(
      'getCaseDefinitionCmmnXmlById',
      'Case Definition',
      'Get XML By Id',
      [{ name: 'id', in: 'path', schema: { type: 'string' }, required: true, description: 'The id of the case definition.' }],
      {
        200: { content: jsonOf(ref('CaseDefinitionDiagramDto')), description: 'Request successful.' },
        // A real 7.24 engine: 404 InvalidRequestException "no deployed case definition found with id 'nope': caseDefinition is null".
        404: error('Case definition with given id does not exist.'),
      },
    ),
  },
  '/case-instance': {
    get: operation('getCaseInstances', 'Case Instance', 'Get List', [...CASE_INSTANCE_FILTERS, ...sorting(CASE_INSTANCE_SORT), ...paging], {
      200: { content: jsonOf({ type: 'array', items: ref('CaseInstanceDto') }), description: 'Request successful.' },
      400: error('Returned if some of the query parameters are invalid, for example an unknown sortBy or a sortBy without sortOrder.'),
    }),
  },
  '/case-instance/count': {
    get: operation('getCaseInstancesCount', 'Case Instance', 'Get List Count', CASE_INSTANCE_FILTERS, {
      200: { content: jsonOf(ref('CountResultDto')), description: 'Request successful.' },
      400: error('Returned if some of the query parameters are invalid.'),
    }),
  },
};

/** Schemas the CMMN paths need that the official document lacks; CaseDefinitionDto, CountResultDto, ExceptionDto and AtomLink it has. */
export const CMMN_SCHEMAS = {
  CaseDefinitionDiagramDto: {
    type: 'object',
    'x-supplement': SUPPLEMENT_NOTE,
    properties: {
      id: { type: 'string', nullable: true, description: 'The id of the case definition.' },
      cmmnXml: { type: 'string', nullable: true, description: 'An escaped XML string containing the XML that this case definition was deployed with.' },
    },
  },
  // Field order of a real 7.24 answer: links, id, caseDefinitionId, businessKey, tenantId, active, completed, terminated.
  CaseInstanceDto: {
    type: 'object',
    'x-supplement': SUPPLEMENT_NOTE,
    properties: {
      links: { type: 'array', nullable: true, items: ref('AtomLink'), description: 'Links of the case instance (empty in a list).' },
      id: { type: 'string', nullable: true, description: 'The id of the case instance.' },
      caseDefinitionId: { type: 'string', nullable: true, description: 'The id of the case definition this case instance belongs to.' },
      businessKey: { type: 'string', nullable: true, description: 'The business key of the case instance.' },
      tenantId: { type: 'string', nullable: true, description: 'The tenant id of the case instance.' },
      active: { type: 'boolean', nullable: true, description: 'A flag indicating whether the case instance is active or not.' },
      completed: { type: 'boolean', nullable: true, description: 'A flag indicating whether the case instance is completed or not.' },
      terminated: { type: 'boolean', nullable: true, description: 'A flag indicating whether the case instance is terminated or not.' },
    },
  },
};
