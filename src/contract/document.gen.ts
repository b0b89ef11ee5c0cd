// Generated from contracts/openapi.yaml by `npm run gen:types`. Do not edit.
import type { Document } from 'openapi-backend'

export const document = {
 "openapi": "3.1.0",
 "info": {
  "title": "analytics-mock — PostHog persons, session recording playlists, session recordings and insight tool API",
  "version": "0.1.0",
  "description": "The contract served by analytics-mock and checked by `analytics-mock verify`. Paths, parameters,\nbodies, statuses and scopes follow the API description (`api-spec.md`, \"the seed\"). Where the seed is\nsilent, the real service's behaviour is followed. Every place where the seed and the real service\ndisagree carries an `x-observed` note: `real` says what the real service does, `real_status` (when\nthe status differs), `real_schema` (when the body differs) and `real_scopes` (when the scopes differ)\nlet the verify kit report the real behaviour as known drift rather than as a failure.\n\nThe notes are also the second profile: `serve --profile observed` (`profile: 'observed'` for\n`createApp` / `createMock`) answers as the real service does. A note whose `real_status` is a success\nstatus (2xx), or that has a `real_schema` and no `real_status`, replaces the operation's success answer\nin that profile (a `real_status` without `real_schema` means no body); `real_scopes` replaces the\nscopes (`[]`: the action declares none, so scoped personal API keys are refused). Other notes (error\nstatuses the mock answers differently on purpose) only inform the verify kit. `x-lenient` on a query\nparameter means the real service reads it leniently (a value it cannot use means its default), so the\nhandler, not the contract's validation, reads it.\n\n`x-query-strict: true` on an operation means a query parameter it does not list is a 400, as the\nreal service's query model forbids unknown fields there.\n\n`x-not-mocked` lists the endpoints of these resources that the real service has and the mock does not\nserve: they answer 501 in the error shape (after the key and project checks), so a client can tell\n\"not mocked\" from \"does not exist\" (404). `OPTIONS` on any path answers 200 with the metadata the real\nservice's framework gives (name, renders, parses) and `Allow`, after the key, scope and project checks.\n\nEvery path under `/api/environments/{project_id}/` is also served under `/api/projects/{project_id}/`\n(see `x-path-aliases`); a trailing slash is optional on every path.\n\nOperations tagged `mock-control` are the mock's own control API under `/_mock/`; they need no key\nand do not exist on a real deployment. `x-observer: true` marks the ones that only read the mock's\nown state (its clock, tasks, faults, journal and data): they are not journaled and do not run\nscheduled work that fell due, so watching the mock (the dashboard's polls) changes nothing.\n`GET /_mock/ui`, the dashboard page, is served by the standalone server (`analytics-mock serve`)\nbeside these operations and is not one of them.\n"
 },
 "servers": [
  {
   "url": "http://127.0.0.1:8010",
   "description": "analytics-mock standalone server (default)"
  },
  {
   "url": "https://us.posthog.com",
   "description": "the real service (US cloud)"
  }
 ],
 "x-path-aliases": [
  {
   "from": "/api/environments/{project_id}/",
   "to": "/api/projects/{project_id}/"
  }
 ],
 "x-trailing-slash": "optional",
 "x-not-mocked": [
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/{id}/update_property/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/{id}/emails/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/{id}/delete_recordings/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/bulk_delete/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/deletion_status/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/values/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/cohorts/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/funnel/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/funnel/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/trends/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/lifecycle/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/reset_person_distinct_id/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/batch_by_distinct_ids/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/persons/batch_by_uuids/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/persons/properties_at_time/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/session_recordings/{id}/snapshots/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/session_recordings/{id}/persist/"
  },
  {
   "method": "GET",
   "path": "/api/environments/{project_id}/session_recordings/matching_events/"
  },
  {
   "method": "POST",
   "path": "/api/environments/{project_id}/session_recordings/ai/regex/"
  }
 ],
 "x-scheduling": {
  "person-delete-events": "Person DELETE with delete_events=true queues a task for the next Sunday 05:00 UTC strictly after the request.",
  "delete-events": "POST delete_events/ queues a task for the next non-peak window start (default 00:00 UTC; window 00:00-06:00 UTC) strictly after the request, or runs in the current window's next minute when inside it (and that minute is still inside). Configurable with the nonPeakWindow option of createApp or `serve --non-peak START-END` (UTC hours; a window may cross midnight, e.g. 22-4).",
  "tasks": "A task runs when the clock passes its scheduled_for (at the start of the next request, or on POST /_mock/clock); it deletes every event of the person it names, and is recorded as run at its scheduled instant. GET /_mock/tasks lists every task."
 },
 "tags": [
  {
   "name": "persons"
  },
  {
   "name": "session_recording_playlists"
  },
  {
   "name": "session_recordings"
  },
  {
   "name": "max_tools"
  },
  {
   "name": "discovery",
   "description": "Endpoints real clients call to find their project and their key's powers."
  },
  {
   "name": "mock-control",
   "description": "The mock's own control API. No key needed. Not present on a real deployment."
  }
 ],
 "security": [
  {
   "PersonalAPIKey": []
  }
 ],
 "paths": {
  "/api/environments/{project_id}/max_tools/create_and_query_insight/": {
   "post": {
    "operationId": "max_tools_create_and_query_insight",
    "x-effects": [
     {
      "name": "answers with messages",
      "body": {
       "query": "Pageviews per day over the last 7 days (analytics-mock verify {run})",
       "insight_type": "trends"
      },
      "then": [
       {
        "has": [
         "/0/type",
         "/0/data"
        ]
       }
      ]
     }
    ],
    "tags": [
     "max_tools"
    ],
    "summary": "Create an insight from a natural-language query and run it",
    "security": [
     {
      "PersonalAPIKey": [
       "insight:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "max-tools-scopes",
      "what": "scopes",
      "seed": "requires insight:read",
      "real": "requires insight:read and query:read",
      "real_scopes": [
       "insight:read",
       "query:read"
      ]
     },
     {
      "id": "max-tools-body",
      "what": "body",
      "seed": "200 with no response body and no request body",
      "real": "request {query, insight_type}; 200 with a JSON array of {type, data} messages (followed here)"
     },
     {
      "id": "max-tools-format",
      "what": "format",
      "seed": "format json or txt (txt answers the tool message's text)",
      "real": "the view renders JSON only, so ?format=txt (any format but json) is a 404 \"Not found.\" before the key is read (DRF content negotiation)",
      "real_formats": [
       "json"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "name": "format",
      "in": "query",
      "schema": {
       "type": "string",
       "enum": [
        "json",
        "txt"
       ]
      },
      "x-format-media": {
       "json": "application/json",
       "txt": "text/plain"
      }
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/InsightToolRequest"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The assistant's messages (a visualization message with the generated query, then a tool message with the results)",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/InsightToolResponse"
        }
       },
       "text/plain": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/": {
   "get": {
    "operationId": "persons_list",
    "x-list": {
     "paging": "offset",
     "order": "-created_at"
    },
    "tags": [
     "persons"
    ],
    "summary": "List persons, newest first",
    "security": [
     {
      "PersonalAPIKey": [
       "person:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "persons-list-envelope",
      "what": "body",
      "seed": "{count, next, previous, results} with integer person ids",
      "real": "{next, previous, results} without count (unless include_total); results[].id is the UUID; items carry type, is_identified, matched_recordings, value_at_data_point",
      "real_schema": {
       "$ref": "#/components/schemas/PersonListReal"
      }
     },
     {
      "id": "persons-list-next",
      "what": "pagination",
      "seed": "not shown",
      "real": "next is set whenever a page is full (so a full last page still links on); previous keeps the current URL when the new offset is 0. The seed profile answers null at the ends."
     },
     {
      "id": "persons-search",
      "what": "semantics",
      "seed": "search matches e-mail by full-text search or distinct_id by exact match",
      "real": "case-insensitive substring on email, name, uuid or any distinct_id (followed here)"
     },
     {
      "id": "persons-list-limit-errors",
      "what": "status",
      "seed": "not shown",
      "real": "a limit or offset that is not a whole number is a 500 (its filter converts it unchecked); the mock answers 400 in the error shape",
      "real_status": 500
     },
     {
      "id": "persons-list-properties-errors",
      "what": "status",
      "seed": "not shown",
      "real": "invalid JSON in properties is a 500; the mock answers 400 in the error shape (as for any filter it cannot apply: a bad regex, a non-numeric gt/lt bound, a missing value, a non-person type)",
      "real_status": 500
     },
     {
      "id": "persons-list-csv",
      "what": "semantics",
      "seed": "format takes csv or json; the effect of csv is not shown",
      "real": "format=csv (or Accept: text/csv) renders only results, flattened with \".\" (properties.email, distinct_ids.0), header the sorted union of keys, None as an empty cell, booleans True/False; limit is forced to the CSV export limit and offset to 0. The mock renders the same way but keeps limit and offset, like the JSON list"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "name": "distinct_id",
      "in": "query",
      "description": "Exact match on any of the person's distinct ids.",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "distinct_ids"
      }
     },
     {
      "name": "email",
      "in": "query",
      "description": "Exact, case-sensitive match on the `email` property.",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "properties.email"
      }
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "limit",
      "in": "query",
      "description": "Page size (default 100; 0 or less means the default; at most 50000).",
      "schema": {
       "type": "integer"
      }
     },
     {
      "name": "offset",
      "in": "query",
      "description": "Start index (default 0).",
      "schema": {
       "type": "integer",
       "minimum": 0
      }
     },
     {
      "name": "properties",
      "in": "query",
      "description": "JSON array of person property filters `{key, value, operator, type}`, ANDed with each other and with the other filters. `operator` defaults to exact; an array `value` means any of the values (none of them for is_not, not_icontains, not_regex, not_in). `type` may be omitted or `person`.",
      "x-filter": {
       "match": "exact",
       "field": "properties.email",
       "value": [
        {
         "key": "email",
         "value": "{v}",
         "operator": "exact",
         "type": "person"
        }
       ]
      },
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/PropertyFilter"
         }
        }
       }
      }
     },
     {
      "name": "search",
      "in": "query",
      "description": "Case-insensitive substring of email, name, uuid or any distinct id.",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "icontains",
       "field": [
        "properties.email",
        "properties.name",
        "uuid",
        "distinct_ids"
       ]
      }
     }
    ],
    "responses": {
     "200": {
      "description": "A page of persons",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedPersonList"
        }
       },
       "text/csv": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "post": {
    "operationId": "persons_create",
    "tags": [
     "persons"
    ],
    "summary": "Refused, as in the real service (persons are created by event capture)",
    "description": "Answers 405 with the real service's words after the scope check (person:write); nothing changes.",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "responses": {
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/activity/": {
   "get": {
    "operationId": "persons_all_activity_retrieve",
    "x-list": {
     "paging": "page",
     "order": "-created_at"
    },
    "tags": [
     "persons"
    ],
    "summary": "The project's person activity log (every person), newest first",
    "security": [
     {
      "PersonalAPIKey": [
       "activity_log:read"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000
      }
     },
     {
      "name": "page",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The project's person activity log, newest first",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ActivityLogPage"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/": {
   "get": {
    "operationId": "persons_retrieve",
    "tags": [
     "persons"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "person:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-retrieve-csv",
      "what": "body",
      "seed": "format takes csv or json; the effect of csv is not shown",
      "real": "format=csv on a single person renders an empty body (the CSV renderer looks for results); the seed profile renders the person as a one-row CSV"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     }
    ],
    "responses": {
     "200": {
      "description": "The person",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Person"
        }
       },
       "text/csv": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "put": {
    "operationId": "persons_update",
    "tags": [
     "persons"
    ],
    "summary": "Merge properties into the person (PUT, as PATCH in the real service)",
    "description": "The real PersonViewSet.update answers PUT and PATCH alike: 202 with no body, the properties set\nthrough a $set event; missing properties is its hand-built 400 (code and detail swapped). The seed\nlists PATCH only, so PUT follows the real service in both profiles.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PersonUpdateRequest"
       }
      }
     }
    },
    "responses": {
     "202": {
      "description": "Accepted; no body"
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "patch": {
    "operationId": "persons_partial_update",
    "x-effects": [
     {
      "name": "patch visible on retrieve",
      "body": {
       "properties": {
        "analytics_mock_verify_{run}": "patched by run {run}"
       }
      },
      "undo": {
       "operation": "persons_delete_property_create",
       "query": {
        "$unset": "analytics_mock_verify_{run}"
       },
       "body": {
        "$unset": "analytics_mock_verify_{run}"
       }
      },
      "then": [
       {
        "shows": "sent",
        "keeps": [
         "/properties"
        ]
       },
       {
        "read": "persons_retrieve",
        "shows": "sent",
        "keeps": [
         "/properties"
        ],
        "eventual": true
       }
      ]
     }
    ],
    "tags": [
     "persons"
    ],
    "summary": "Merge properties into the person",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-patch-status",
      "what": "status",
      "seed": "200 with the person",
      "real": "202 with an empty body; the properties change later, through ingestion of a $set event",
      "real_status": 202
     },
     {
      "id": "person-patch-missing-properties",
      "what": "error body",
      "seed": "not shown",
      "real": "missing properties (or no body): 400 with code and detail swapped {\"attr\":\"properties\",\"code\":\"This field is required.\",\"detail\":\"required\",\"type\":\"validation_error\"}, checked before the person is looked up (followed here, swap included). A properties value that is not an object is accepted there (202) and here, and sets nothing"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PersonUpdateRequest"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The person after the merge",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Person"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "delete": {
    "operationId": "persons_destroy",
    "x-effects": [
     {
      "name": "delete removes the person",
      "doomed": true,
      "last": true,
      "query": {
       "delete_events": "true"
      },
      "then": [
       {
        "read": "persons_retrieve",
        "status": 404
       },
       {
        "read": "persons_list",
        "query": {
         "distinct_id": "{before/distinct_ids/0}"
        },
        "omits": "{before/uuid}",
        "field": "/uuid"
       },
       {
        "hidden": "the task deleting its events, queued for the next Sunday 05:00 UTC",
        "mock": {
         "read": "mock_tasks_list",
         "adds": "{before/uuid}",
         "field": "/target/person_uuid"
        }
       }
      ]
     }
    ],
    "tags": [
     "persons"
    ],
    "summary": "Delete the person; with delete_events=true also queue deletion of its events (next Sunday 05:00 UTC)",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-delete-status",
      "what": "status",
      "seed": "204 with no body",
      "real": "202 with an empty body",
      "real_status": 202
     },
     {
      "id": "person-delete-events-flag",
      "what": "semantics",
      "seed": "delete_events=true queues the task; absent or false does not",
      "real": "the mere presence of delete_events (even =false) queues the task"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "delete_events",
      "in": "query",
      "schema": {
       "type": "boolean"
      }
     },
     {
      "name": "keep_person",
      "in": "query",
      "description": "Present (any value), the person stays and only the event deletion (with delete_events) is queued, as in the real service.",
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "204": {
      "description": "Deleted; no body"
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/activity/": {
   "get": {
    "operationId": "persons_activity_retrieve",
    "x-list": {
     "paging": "page",
     "order": "-created_at"
    },
    "tags": [
     "persons"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "activity_log:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-activity-body",
      "what": "body",
      "seed": "200 with no response body",
      "real": "{results, next, previous, total_count}, page-number pagination (page, limit default 10) (followed here)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000
      }
     },
     {
      "name": "page",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The person's activity log, newest first",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ActivityLogPage"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/delete_events/": {
   "post": {
    "operationId": "persons_delete_events_create",
    "x-effects": [
     {
      "name": "delete_events keeps the person",
      "doomed": true,
      "then": [
       {
        "read": "persons_retrieve",
        "status": 200
       },
       {
        "hidden": "the task deleting its events, queued for the next non-peak window",
        "mock": {
         "read": "mock_tasks_list",
         "adds": "{before/uuid}",
         "field": "/target/person_uuid"
        }
       }
      ]
     }
    ],
    "tags": [
     "persons"
    ],
    "summary": "Queue deletion of all the person's events for the next non-peak window (00:00-06:00 UTC by default)",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-delete-events-status",
      "what": "status",
      "seed": "200 with no response body",
      "real": "202 with an empty body; the action is marked deprecated",
      "real_status": 202
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PersonPropertiesBody"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Queued; no body"
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/delete_property/": {
   "post": {
    "operationId": "persons_delete_property_create",
    "x-effects": [
     {
      "name": "delete_property removes the key",
      "query": {
       "$unset": "analytics_mock_verify_{run}"
      },
      "body": {
       "$unset": "analytics_mock_verify_{run}"
      },
      "then": [
       {
        "read": "persons_retrieve",
        "lacks": "/properties/analytics_mock_verify_{run}",
        "keeps": [
         "/properties"
        ],
        "eventual": true
       }
      ]
     }
    ],
    "tags": [
     "persons"
    ],
    "summary": "Remove one property from the person",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-delete-property-status",
      "what": "status",
      "seed": "200 with no response body; the key in the $unset query parameter",
      "real": "201 {\"success\": true}; the key is read from a $unset body field (a missing key is a 500 there; the mock reads the query parameter, then the body field, and answers 400 for neither). Both capture a $delete_person_property event with {\"$unset\": [key]} and log activity \"delete_property\"",
      "real_status": 201,
      "real_schema": {
       "$ref": "#/components/schemas/SuccessResponse"
      }
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "$unset",
      "in": "query",
      "description": "The property key to delete. A `$unset` body field is also accepted, as the real service reads it.",
      "schema": {
       "type": "string"
      }
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PersonDeletePropertyBody"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Removed",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/split/": {
   "post": {
    "operationId": "persons_split_create",
    "tags": [
     "persons"
    ],
    "summary": "Split distinct ids off the person onto new persons",
    "description": "posthog/api/person.py PersonViewSet.split, read from the body as the view reads it (request.data,\nnot a serializer). `distinct_ids_to_split` moves only those ids (each once) onto new single-id\npersons; otherwise every id but `main_distinct_id` (default: the first) moves. The person keeps its\nproperties and its other ids; each new person has no properties and the uuid the real service\nderives from the project and the id (uuid5 of `{project_id}:{distinct_id}`, or of\n`{project_id}:{distinct_id}:split` when that is the person's own uuid). The real split runs as a\ntask; the mock splits before it answers. Logs activity \"split_person\".\n",
    "security": [
     {
      "PersonalAPIKey": [
       "person:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PersonSplitBody"
       }
      }
     }
    },
    "responses": {
     "201": {
      "description": "Split",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/persons/{id}/properties_timeline/": {
   "get": {
    "operationId": "persons_properties_timeline_retrieve",
    "tags": [
     "persons"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "person:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "person-timeline-scope",
      "what": "scopes",
      "seed": "none listed",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"; the seed profile requires person:read",
      "real_status": 403,
      "real_scopes": []
     },
     {
      "id": "person-timeline-body",
      "what": "body",
      "seed": "200 with no response body",
      "real": "{points, crucial_property_keys, effective_date_from, effective_date_to} (followed here)"
     },
     {
      "id": "person-timeline-defaults",
      "what": "semantics",
      "seed": "not shown",
      "real": "crucial keys come only from the request (person property filters, a person breakdown); with none there is a single point. The date range defaults to the insight filter default. The mock takes every person property seen in the range as crucial when the request names none (a point per change), and defaults the range to the person's whole history (first event or creation, to now)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/PersonId"
     },
     {
      "$ref": "#/components/parameters/PersonFormat"
     },
     {
      "name": "date_from",
      "in": "query",
      "description": "Start of the range: a date (from its start, UTC), a date-time, a relative date (-24h, -7d, -2w, -1m, -1y) or `all`. Default: the person's first event or creation, whichever is earlier. Empty means the default.",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "date_to",
      "in": "query",
      "description": "End of the range: a date (to its end, UTC), a date-time or a relative date. Default: now. Equal to date_from: widened to the end of that interval.",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "interval",
      "in": "query",
      "description": "hour, day (default), week or month: the width of a single data point's range when date_from equals date_to.",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "properties",
      "in": "query",
      "description": "JSON array of property filters; the keys of the person ones are the crucial keys (values are not applied, as in the real service).",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/PropertyFilter"
         }
        }
       }
      }
     },
     {
      "name": "events",
      "in": "query",
      "description": "JSON array of event entities {id, properties}: only events with those names count (id null: all events); their person property filters add crucial keys.",
      "content": {
       "application/json": {
        "schema": {
         "type": "array",
         "items": {
          "type": "object",
          "properties": {
           "id": {
            "type": [
             "string",
             "null"
            ]
           },
           "type": {
            "type": "string"
           },
           "properties": {
            "type": "array",
            "items": {
             "$ref": "#/components/schemas/PropertyFilter"
            }
           }
          }
         }
        }
       }
      }
     },
     {
      "name": "actions",
      "in": "query",
      "description": "JSON array of action entities; accepted and ignored (the mock has no actions).",
      "content": {
       "application/json": {
        "schema": {
         "type": "array"
        }
       }
      }
     },
     {
      "name": "breakdown",
      "in": "query",
      "description": "A person property key that is also crucial (when breakdown_type is person or absent).",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "breakdown_type",
      "in": "query",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "display",
      "in": "query",
      "description": "Accepted and ignored.",
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "Points where the person's property values changed",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PropertiesTimeline"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/": {
   "get": {
    "operationId": "session_recording_playlists_list",
    "x-list": {
     "paging": "offset",
     "order": "-last_modified_at",
     "shared": "is_synthetic",
     "volatile": [
      "recordings_counts"
     ]
    },
    "tags": [
     "session_recording_playlists"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlists-synthetic",
      "what": "body",
      "seed": "not shown: the seed's playlist has an integer id, a created_at and a created_by user; the default profile lists none",
      "real": "seven synthetic playlists (ids -1 to -7, short_id synthetic-..., no creator or timestamps, is_synthetic true) are merged in and, by the default order, come first (followed in the observed profile); created_by, user, pinned, type=filters and collection_type=custom leave them out, collection_type=synthetic keeps only them"
     },
     {
      "id": "playlists-short-id-filter",
      "what": "semantics",
      "seed": "short_id filters the list",
      "real": "the list ignores short_id"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "name": "created_by",
      "in": "query",
      "description": "Playlists created by this user id.",
      "schema": {
       "type": "integer"
      },
      "x-filter": {
       "match": "exact",
       "field": "created_by.id"
      }
     },
     {
      "name": "limit",
      "in": "query",
      "description": "Page size, default 100, at most 500 (larger values are clamped; 0, a negative or a non-number means the default, as DRF's LimitOffsetPagination reads it).",
      "x-lenient": true,
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     },
     {
      "name": "offset",
      "in": "query",
      "description": "Start index (a negative or a non-number means 0).",
      "x-lenient": true,
      "schema": {
       "type": "integer",
       "minimum": 0
      }
     },
     {
      "name": "short_id",
      "in": "query",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "short_id",
       "drift": "playlists-short-id-filter"
      }
     },
     {
      "name": "search",
      "in": "query",
      "description": "Case-insensitive substring of the name or the derived name.",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "icontains",
       "field": [
        "name",
        "derived_name"
       ]
      }
     },
     {
      "name": "user",
      "in": "query",
      "description": "Any value lists only the playlists the key's user created.",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "pinned",
      "in": "query",
      "description": "Any value (even false) lists only pinned playlists, as in the real service.",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "present",
       "field": "pinned"
      }
     },
     {
      "name": "type",
      "in": "query",
      "description": "collection or filters (any other value does not filter).",
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "type",
       "only": [
        "collection",
        "filters"
       ]
      }
     },
     {
      "name": "collection_type",
      "in": "query",
      "description": "synthetic lists only the synthetic playlists (none in the default profile), custom only the stored ones; any other value does not filter.",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "date_from",
      "in": "query",
      "description": "Playlists last modified after this (a date, a date-time or a relative date such as -7d).",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "date_to",
      "in": "query",
      "description": "Playlists last modified before this.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "session_recording_id",
      "in": "query",
      "description": "Playlists holding this recording (the \"add to playlist\" menu).",
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "order",
      "in": "query",
      "description": "last_modified_at, created_at or name, optionally prefixed with - (default -last_modified_at; anything else means the default). name sorts case-insensitively by the name, else the derived name.",
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "A page of playlists, most recently modified first",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedSessionRecordingPlaylistList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "post": {
    "operationId": "session_recording_playlists_create",
    "x-effects": [
     {
      "name": "create returns the playlist",
      "body": {
       "name": "analytics-mock verify {run}",
       "description": "Created by analytics-mock verify run {run}; soft-deleted when the run ends.",
       "type": "collection",
       "pinned": false
      },
      "makes": {
       "short_id": "/short_id"
      },
      "undo": {
       "operation": "session_recording_playlists_partial_update",
       "body": {
        "deleted": true
       }
      },
      "then": [
       {
        "shows": "sent"
       },
       {
        "shows": {
         "deleted": false
        }
       },
       {
        "read": "session_recording_playlists_retrieve",
        "shows": "sent"
       },
       {
        "read": "session_recording_playlists_list",
        "lists": "{short_id}"
       }
      ]
     }
    ],
    "tags": [
     "session_recording_playlists"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-create-in-folder",
      "what": "body",
      "seed": "_create_in_folder is listed among the playlist's fields, as writable",
      "real": "_create_in_folder is write-only (the folder to file the new playlist in) and never returned (followed here)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingPlaylistWrite"
       }
      }
     }
    },
    "responses": {
     "201": {
      "description": "The created playlist",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecordingPlaylist"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/": {
   "get": {
    "operationId": "session_recording_playlists_retrieve",
    "tags": [
     "session_recording_playlists"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-retrieve-synthetic",
      "what": "semantics",
      "seed": "not shown (the default profile has no synthetic playlists, so a synthetic-... short_id is a 404)",
      "real": "a synthetic playlist's short_id answers it as the list shows it (followed in the observed profile)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "responses": {
     "200": {
      "description": "The playlist",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecordingPlaylist"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "put": {
    "operationId": "session_recording_playlists_update",
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Update the playlist (PUT, the ModelViewSet's update, not partial)",
    "description": "As PATCH (the same serializer and update()), but not partial: with form input a BooleanField left\nout reads as false. The seed lists PATCH only; PUT follows the real service.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-put-synthetic",
      "what": "semantics",
      "seed": "not shown (a synthetic-... short_id is a 404 in the default profile)",
      "real": "a PUT of a synthetic playlist is a 400 \"Cannot update synthetic playlists\" (followed in the observed profile)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingPlaylistWrite"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The updated playlist",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecordingPlaylist"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "patch": {
    "operationId": "session_recording_playlists_partial_update",
    "x-effects": [
     {
      "name": "patch visible on retrieve",
      "body": {
       "name": "analytics-mock verify {run} (patched)",
       "description": "Patched by analytics-mock verify run {run}.",
       "pinned": true
      },
      "then": [
       {
        "shows": "sent",
        "keeps": [
         "/id",
         "/short_id",
         "/created_at",
         "/created_by",
         "/type",
         "/deleted"
        ]
       },
       {
        "read": "session_recording_playlists_retrieve",
        "shows": "sent"
       }
      ]
     },
     {
      "name": "soft delete: 404 after, gone from the list",
      "last": true,
      "body": {
       "deleted": true
      },
      "then": [
       {
        "shows": "sent"
       },
       {
        "read": "session_recording_playlists_retrieve",
        "status": 404
       },
       {
        "read": "session_recording_playlists_list",
        "omits": "{short_id}"
       }
      ]
     }
    ],
    "tags": [
     "session_recording_playlists"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-patch-synthetic",
      "what": "semantics",
      "seed": "not shown (a synthetic-... short_id is a 404 in the default profile)",
      "real": "a PATCH of a synthetic playlist is a 400 \"Cannot update synthetic playlists\" (followed in the observed profile)"
     },
     {
      "id": "playlist-patch-filters-type",
      "what": "semantics",
      "seed": "not shown",
      "real": "a PATCH of a filters-type playlist that does not resend non-empty filters is a 400 \"You cannot remove all filters when updating a saved filter\" (followed here)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingPlaylistWrite"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The updated playlist (also when it was soft-deleted by this request)",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecordingPlaylist"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "delete": {
    "operationId": "session_recording_playlists_destroy",
    "x-effects": [
     {
      "name": "DELETE is 405 with an empty body and keeps the playlist",
      "status": 405,
      "then": [
       {
        "read": "session_recording_playlists_retrieve",
        "shows": {
         "deleted": false
        },
        "keeps": [
         "/name",
         "/description",
         "/pinned",
         "/deleted",
         "/filters"
        ]
       }
      ]
     }
    ],
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Hard delete is refused; use PATCH with deleted=true",
    "description": "Answers 405 with an empty body for any short_id, after the scope check. Nothing changes.",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "responses": {
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "description": "Hard delete refused; no body",
      "headers": {
       "Allow": {
        "description": "The methods the path takes, as the real service lists them.",
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/": {
   "get": {
    "operationId": "session_recording_playlists_recordings_list",
    "tags": [
     "session_recording_playlists"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-recordings-body",
      "what": "body",
      "seed": "200 with no response body; scope not listed",
      "real": "{results, has_next, version} with the recordings most recently added first (followed here); scope session_recording_playlist:read"
     },
     {
      "id": "playlist-recordings-person",
      "what": "body",
      "seed": "the embedded person's distinct_ids is a single string",
      "real": "the embedded person's distinct_ids is an array holding the matching distinct id",
      "real_schema": {
       "$ref": "#/components/schemas/RecordingsListReal"
      }
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "responses": {
     "200": {
      "description": "The playlist's recordings, most recently added first",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PlaylistRecordingsList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/bulk_add/": {
   "post": {
    "operationId": "session_recording_playlists_recordings_bulk_add",
    "x-unpublished": "session_recording_playlist_api.py bulk_add_recordings is extend_schema(exclude=True)",
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Add up to 20 recordings to a collection playlist",
    "description": "session_recording_playlist_api.py bulk_add_recordings: `session_recording_ids` a non-empty list of at\nmost 20, a collection only; each added once (added_count counts the new ones).\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-bulk-add-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/BulkRecordingIds"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BulkAdded"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/bulk_delete/": {
   "post": {
    "operationId": "session_recording_playlists_recordings_bulk_delete",
    "x-unpublished": "session_recording_playlist_api.py bulk_delete_recordings is extend_schema(exclude=True)",
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Remove up to 20 recordings from a playlist",
    "description": "session_recording_playlist_api.py bulk_delete_recordings: `session_recording_ids` a non-empty list of at\nmost 20; those in the playlist are removed (deleted_count), the others skipped.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-bulk-delete-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/BulkRecordingIds"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BulkDeleted"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/playlist_viewed/": {
   "post": {
    "operationId": "session_recording_playlists_playlist_viewed_create",
    "x-unpublished": "session_recording_playlist_api.py playlist_viewed is extend_schema(exclude=True)",
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Record that the key's user viewed the playlist",
    "description": "session_recording_playlist_api.py playlist_viewed: 200 `{\"success\": true}` for a live playlist (a\nsoft-deleted or unknown one is a 404); the body is not read. The real service stores the view for\nits usage reports and its file-system view log, which none of these endpoints read; the mock\nkeeps nothing.\n",
    "x-body-unread": true,
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-viewed-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     },
     {
      "id": "playlist-viewed-synthetic",
      "what": "semantics",
      "seed": "not shown (a synthetic-... short_id is a 404 in the default profile)",
      "real": "a synthetic playlist is found (safely_get_object) and answered 200 (followed in the observed profile)"
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     }
    ],
    "responses": {
     "200": {
      "description": "Recorded",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/": {
   "post": {
    "operationId": "session_recording_playlists_recordings_create",
    "x-effects": [
     {
      "name": "add recording shows it in the playlist",
      "undo": {
       "operation": "session_recording_playlists_recordings_destroy"
      },
      "then": [
       {
        "read": "session_recording_playlists_recordings_list",
        "lists": "{session_recording_id}"
       }
      ]
     }
    ],
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Add a recording to a collection playlist (idempotent)",
    "description": "The recording does not need to exist yet, as in the real service (which creates a stub row): the\nitem is kept and counted in recordings_counts.collection.count, and the recording appears in\n`recordings/` once the project has a recording with that id. The body the seed lists is taken and\nignored: the real view never reads it, so no body is refused (x-body-unread).\n",
    "x-body-unread": true,
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-add-scope",
      "what": "scopes",
      "seed": "none listed",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"; the seed profile requires session_recording_playlist:write",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     },
     {
      "$ref": "#/components/parameters/SessionRecordingId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingPlaylistWrite"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Added (or already there)",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "delete": {
    "operationId": "session_recording_playlists_recordings_destroy",
    "x-effects": [
     {
      "name": "remove recording takes it out",
      "then": [
       {
        "read": "session_recording_playlists_recordings_list",
        "omits": "{session_recording_id}"
       }
      ]
     }
    ],
    "tags": [
     "session_recording_playlists"
    ],
    "summary": "Remove a recording from a playlist",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording_playlist:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "playlist-remove-status",
      "what": "status",
      "seed": "204 with no body",
      "real": "200 {\"success\": true}; a recording not in the playlist is a 500 there (404 here)",
      "real_status": 200,
      "real_schema": {
       "$ref": "#/components/schemas/SuccessResponse"
      }
     },
     {
      "id": "playlist-remove-scope",
      "what": "scopes",
      "seed": "none listed",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"; the seed profile requires session_recording_playlist:write",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     },
     {
      "$ref": "#/components/parameters/SessionRecordingId"
     }
    ],
    "responses": {
     "204": {
      "description": "Removed; no body"
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/bulk_viewed/": {
   "post": {
    "operationId": "session_recordings_bulk_viewed",
    "x-unpublished": "session_recording_api.py bulk_viewed is extend_schema(exclude=True)",
    "tags": [
     "session_recordings"
    ],
    "summary": "Mark up to 20 recordings viewed by the key's user",
    "description": "session_recording_api.py bulk_viewed: `session_recording_ids` a non-empty list of at most 20;\nviewed_count is the number asked for (bulk_create with ignore_conflicts returns every row).\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recordings-bulk-viewed-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/BulkRecordingIds"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BulkViewed"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/bulk_not_viewed/": {
   "post": {
    "operationId": "session_recordings_bulk_not_viewed",
    "x-unpublished": "session_recording_api.py bulk_not_viewed is extend_schema(exclude=True)",
    "tags": [
     "session_recordings"
    ],
    "summary": "Mark up to 20 recordings not viewed by the key's user",
    "description": "session_recording_api.py bulk_not_viewed: `session_recording_ids` a non-empty list of at most 20;\nthe user's views of them are removed (not_viewed_count).\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recordings-bulk-not-viewed-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/BulkRecordingIds"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BulkNotViewed"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/bulk_delete/": {
   "post": {
    "operationId": "session_recordings_bulk_delete",
    "x-unpublished": "session_recording_api.py bulk_delete is not in the 2025-11-19 schema (its current code publishes it)",
    "tags": [
     "session_recordings"
    ],
    "summary": "Delete up to 100 recordings for good",
    "description": "session_recording_api.py bulk_delete: `session_recording_ids` a non-empty list of at most 100;\n`date_from` (a date or a relative date, default `-30d`: the project's recording retention) bounds\nwhere they are looked for. Those found are deleted (deleted_count), the others skipped and\ncounted in total_requested only; `failed_ids` lists none (the mock's deletions do not fail).\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recordings-bulk-delete-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's write scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/BulkDeleteRecordings"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/BulkDeletedRecordings"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/": {
   "get": {
    "operationId": "session_recordings_list",
    "x-list": {
     "paging": "offset",
     "order": "-start_time",
     "reach": {
      "date_from": "-5y"
     },
     "volatile": [
      "ongoing",
      "recording_ttl"
     ]
    },
    "tags": [
     "session_recordings"
    ],
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recordings-list-envelope",
      "what": "body",
      "seed": "{count, next, previous, results}",
      "real": "{results, has_next, version: 4} without count or links, items without storage (the current serializer has none), and the embedded person's distinct_ids an array holding the matching distinct id; default page size 50",
      "real_schema": {
       "$ref": "#/components/schemas/RecordingsListReal"
      }
     },
     {
      "id": "recordings-expired",
      "what": "semantics",
      "seed": "not shown",
      "real": "recordings past their expiry_time are not listed; the mock keeps listing them (its data does not age out), recording_ttl going to 0 and below"
     }
    ],
    "x-query-strict": true,
    "description": "The query is read as the real service reads it: every parameter is JSON-decoded when it can be and\nchecked against its RecordingsQuery model, which forbids parameters it does not know. A wrong\nvalue or an unknown parameter is a 400 whose detail is the model's list of errors as JSON, e.g.\n`[{\"type\": \"extra_forbidden\", \"loc\": [\"foo\"], \"msg\": \"Extra inputs are not permitted\", \"input\": \"1\", \"url\": \"https://errors.pydantic.dev/2.12/v/extra_forbidden\"}]`.\nThe parameters below are the model's; `add_events_to_property_queries`, `as_query`, `version` and\n`hogql_filtering` are also accepted (and dropped, as there). Filters the mock does not apply\n(events, actions, properties, console_log_filters, having_predicates, comment_text,\nfilter_test_accounts, operand, after, modifiers, tags, user_modified_filters) are accepted and ignored.\n",
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "name": "limit",
      "in": "query",
      "description": "Page size (default 50; 0 or less means the default).",
      "x-lenient": true,
      "schema": {
       "type": "integer"
      }
     },
     {
      "name": "offset",
      "in": "query",
      "description": "Start index (a negative one means 0).",
      "x-lenient": true,
      "schema": {
       "type": "integer"
      }
     },
     {
      "name": "date_from",
      "in": "query",
      "description": "Recordings that started at or after this (a date, a date-time or a relative date such as -7d; default -3d, the real RecordingsQuery's default; null means no bound).",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "date_to",
      "in": "query",
      "description": "Recordings that started at or before this.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "person_uuid",
      "in": "query",
      "description": "Recordings of this person (any of its distinct ids); empty, as the frontend sends it when no person is chosen, means no filter.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "person.uuid"
      }
     },
     {
      "name": "distinct_ids",
      "in": "query",
      "description": "JSON array of distinct ids.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "distinct_id",
       "value": [
        "{v}"
       ]
      }
     },
     {
      "name": "session_ids",
      "in": "query",
      "description": "JSON array of recording ids. The date window does not apply to them, and hide_viewed_recordings does not hide them.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      },
      "x-filter": {
       "match": "exact",
       "field": "id",
       "value": [
        "{v}"
       ]
      }
     },
     {
      "name": "session_recording_id",
      "in": "query",
      "description": "This recording first (the player's selected one): moved to the front when it matches the filters, else added in front with matches_filters false, whatever the page; absent when the project has no such recording.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "hide_viewed_recordings",
      "in": "query",
      "description": "current-user leaves out the recordings the key's user has viewed; any-user those anyone in the project has viewed.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "order",
      "in": "query",
      "description": "start_time (default), duration, recording_duration, active_seconds, inactive_seconds, console_error_count, click_count, keypress_count, mouse_activity_count or activity_score.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "order_direction",
      "in": "query",
      "description": "DESC (default) or ASC.",
      "x-lenient": true,
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "A page of recordings, newest start_time first",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedSessionRecordingList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/{id}/": {
   "get": {
    "operationId": "session_recordings_retrieve",
    "tags": [
     "session_recordings"
    ],
    "summary": "One recording (the player's first request)",
    "description": "The recording as the list shows it, with `viewed` and `viewers` for the key's user. An id the\nproject has no recording with (or one deleted) is a 404 \"Recording not found\".\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recording-retrieve-shape",
      "what": "body",
      "seed": "not shown; the mock answers the seed's recording (2.4): storage, and the embedded person's distinct_ids a string",
      "real": "no storage, and the embedded person's distinct_ids an array holding the matching distinct id",
      "real_schema": {
       "$ref": "#/components/schemas/SessionRecordingReal"
      }
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/RecordingId"
     }
    ],
    "responses": {
     "200": {
      "description": "The recording",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecordingSeed"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "patch": {
    "operationId": "session_recordings_partial_update",
    "x-effects": [
     {
      "name": "viewed shows on retrieve",
      "body": {
       "viewed": true
      },
      "pick": {
       "viewed": false
      },
      "then": [
       {
        "read": "session_recordings_retrieve",
        "shows": {
         "viewed": true
        }
       }
      ]
     }
    ],
    "tags": [
     "session_recordings"
    ],
    "summary": "Mark the recording viewed (for the key's user) or analyzed",
    "description": "The body is the real service's update serializer: `viewed` and `analyzed` (booleans as DRF reads\nthem: true/false, \"true\"/\"false\", 1/0, ...), `player_metadata` (any JSON); other fields are\nignored. One of `viewed` or `analyzed` must be true, else a 400 \"At least one of 'viewed' or\n'analyzed' must be provided.\" A `viewed` field present (even false, beside `analyzed: true`)\nrecords the key's user as a viewer. Nothing else changes; `analyzed` is only reported there.\nAn unknown recording is a 404 \"Recording not found\", before the body is read.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/RecordingId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingUpdate"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "put": {
    "operationId": "session_recordings_update",
    "x-effects": [
     {
      "name": "viewed shows on retrieve",
      "body": {
       "viewed": true
      },
      "pick": {
       "viewed": false
      },
      "then": [
       {
        "read": "session_recordings_retrieve",
        "shows": {
         "viewed": true
        }
       }
      ]
     }
    ],
    "tags": [
     "session_recordings"
    ],
    "summary": "Mark the recording viewed (for the key's user) or analyzed",
    "description": "The body is the real service's update serializer: `viewed` and `analyzed` (booleans as DRF reads\nthem: true/false, \"true\"/\"false\", 1/0, ...), `player_metadata` (any JSON); other fields are\nignored. One of `viewed` or `analyzed` must be true, else a 400 \"At least one of 'viewed' or\n'analyzed' must be provided.\" A `viewed` field present (even false, beside `analyzed: true`)\nrecords the key's user as a viewer. Nothing else changes; `analyzed` is only reported there.\nAn unknown recording is a 404 \"Recording not found\", before the body is read.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/RecordingId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRecordingUpdate"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "Done",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SuccessResponse"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   },
   "delete": {
    "operationId": "session_recordings_destroy",
    "x-effects": [
     {
      "name": "delete removes the recording",
      "doomed": true,
      "last": true,
      "then": [
       {
        "read": "session_recordings_retrieve",
        "status": 404
       },
       {
        "read": "session_recordings_list",
        "omits": "{id}"
       }
      ]
     }
    ],
    "tags": [
     "session_recordings"
    ],
    "summary": "Delete the recording for good",
    "description": "204 with no body. The recording is gone: not listed (nor in playlists), and its retrieve is a 404.\nThe real view does not look the recording up first, so an unknown id is a 204 too.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:write"
      ]
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/RecordingId"
     }
    ],
    "responses": {
     "204": {
      "description": "Deleted; no body"
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/environments/{project_id}/session_recordings/{id}/viewed/": {
   "get": {
    "operationId": "session_recordings_viewed_retrieve",
    "x-unpublished": "session_recording_api.py viewed is extend_schema(exclude=True)",
    "tags": [
     "session_recordings"
    ],
    "summary": "Whether the key's user viewed the recording, and how many others did",
    "description": "session_recording_api.py viewed: `{\"viewed\": <the key's user viewed it>, \"other_viewers\": <how many\nother users did>}`. The real view builds a recording it does not find (get_or_build), so an id the\nproject has no recording with answers `{\"viewed\": false, \"other_viewers\": 0}`, not a 404.\n",
    "security": [
     {
      "PersonalAPIKey": [
       "session_recording:read"
      ]
     }
    ],
    "x-observed": [
     {
      "id": "recording-viewed-scope",
      "what": "scopes",
      "seed": "not shown (the default profile asks for the resource's read scope)",
      "real": "the action declares no scope, so scoped personal API keys get 403 \"This action does not support Personal API Key access\"",
      "real_status": 403,
      "real_scopes": []
     }
    ],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "name": "id",
      "in": "path",
      "required": true,
      "description": "The recording's (session's) id; any id answers (x-lenient), as get_or_build reads it.",
      "x-lenient": true,
      "x-item": {
       "list": "session_recordings_list",
       "field": "id",
       "noun": "recording"
      },
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The recording's views",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/RecordingViewed"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/projects/": {
   "get": {
    "operationId": "projects_list",
    "x-list": {
     "paging": "offset"
    },
    "tags": [
     "discovery"
    ],
    "summary": "Projects the key can reach (where clients find a project id)",
    "x-observed": [
     {
      "id": "projects-scope",
      "what": "scopes",
      "seed": "not shown",
      "real": "requires project:read; the seed profile lets any valid key list the projects it can reach",
      "real_scopes": [
       "project:read"
      ]
     }
    ],
    "parameters": [
     {
      "name": "limit",
      "in": "query",
      "description": "Page size (default 100; 0, a negative or a non-number mean the default, as DRF's LimitOffsetPagination reads it).",
      "x-lenient": true,
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     },
     {
      "name": "offset",
      "in": "query",
      "description": "Start index (a negative or a non-number means 0).",
      "x-lenient": true,
      "schema": {
       "type": "integer",
       "minimum": 0
      }
     }
    ],
    "responses": {
     "200": {
      "description": "A page of projects",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedProjectList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/users/@me/": {
   "get": {
    "operationId": "users_me_retrieve",
    "tags": [
     "discovery"
    ],
    "summary": "The key's user, with the active organization and project",
    "x-observed": [
     {
      "id": "users-me-scope",
      "what": "scopes",
      "seed": "not shown",
      "real": "requires user:read; the seed profile lets any valid key read its user",
      "real_scopes": [
       "user:read"
      ]
     }
    ],
    "responses": {
     "200": {
      "description": "The user",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/UserMe"
        }
       }
      }
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/api/personal_api_keys/@current": {
   "get": {
    "operationId": "personal_api_keys_current_retrieve",
    "tags": [
     "discovery"
    ],
    "summary": "The key used for the request",
    "responses": {
     "200": {
      "description": "The key (never its secret value)",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PersonalApiKey"
        }
       }
      }
     },
     "401": {
      "$ref": "#/components/responses/Error"
     },
     "403": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "429": {
      "$ref": "#/components/responses/Error"
     },
     "500": {
      "$ref": "#/components/responses/Fault"
     },
     "502": {
      "$ref": "#/components/responses/Fault"
     },
     "503": {
      "$ref": "#/components/responses/Fault"
     }
    }
   }
  },
  "/_mock/reset": {
   "post": {
    "operationId": "mock_reset",
    "tags": [
     "mock-control"
    ],
    "summary": "Restore the seeded dataset (optionally with another seed or scenario); clears tasks and the journal",
    "security": [],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/MockResetRequest"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The state after the reset",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockState"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/clock": {
   "get": {
    "operationId": "mock_clock_retrieve",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "security": [],
    "responses": {
     "200": {
      "description": "The mock's clock",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockClock"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "post": {
    "operationId": "mock_clock_update",
    "tags": [
     "mock-control"
    ],
    "summary": "Set the clock ({now}), move it forward ({advance} in ms or an ISO 8601 duration), freeze or unfreeze it; due tasks run",
    "security": [],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/MockClockRequest"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The clock after the change, and the tasks that ran",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockClock"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/tasks": {
   "get": {
    "operationId": "mock_tasks_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "Every scheduled task (event deletions), in the order queued",
    "security": [],
    "responses": {
     "200": {
      "description": "The tasks",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockTaskList"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/journal": {
   "get": {
    "operationId": "mock_journal_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "The bounded request journal, oldest first (or newest first), filtered or searched, after or before a cursor",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/MockJournalOperation"
     },
     {
      "$ref": "#/components/parameters/MockJournalStatus"
     },
     {
      "$ref": "#/components/parameters/MockJournalMethod"
     },
     {
      "$ref": "#/components/parameters/MockJournalPath"
     },
     {
      "$ref": "#/components/parameters/MockJournalText"
     },
     {
      "$ref": "#/components/parameters/MockJournalAfter"
     },
     {
      "$ref": "#/components/parameters/MockJournalBefore"
     },
     {
      "$ref": "#/components/parameters/MockJournalLimit"
     },
     {
      "name": "order",
      "in": "query",
      "description": "`asc` (default): oldest first; `desc`: newest first.",
      "schema": {
       "type": "string",
       "enum": [
        "asc",
        "desc"
       ]
      }
     },
     {
      "name": "bodies",
      "in": "query",
      "description": "`false` leaves request bodies out (read them one entry at a time).",
      "schema": {
       "type": "boolean"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The journal",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockJournal"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "delete": {
    "operationId": "mock_journal_clear",
    "tags": [
     "mock-control"
    ],
    "security": [],
    "responses": {
     "204": {
      "description": "Cleared; no body"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/journal/har": {
   "get": {
    "operationId": "mock_journal_har",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "The journal (or the entries the filters and search pick) as a HAR 1.2 file, oldest first, keys masked and secrets redacted as in the journal",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/MockJournalOperation"
     },
     {
      "$ref": "#/components/parameters/MockJournalStatus"
     },
     {
      "$ref": "#/components/parameters/MockJournalMethod"
     },
     {
      "$ref": "#/components/parameters/MockJournalPath"
     },
     {
      "$ref": "#/components/parameters/MockJournalText"
     },
     {
      "$ref": "#/components/parameters/MockJournalAfter"
     },
     {
      "$ref": "#/components/parameters/MockJournalBefore"
     },
     {
      "$ref": "#/components/parameters/MockJournalLimit"
     }
    ],
    "responses": {
     "200": {
      "description": "A HAR 1.2 log (`Content-Disposition` names it analytics-mock.har)",
      "headers": {
       "Content-Disposition": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockHar"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/journal/{id}": {
   "get": {
    "operationId": "mock_journal_retrieve",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "One journal entry with its answer (status, headers, body; the body for the newest entries only)",
    "security": [],
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The entry",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockJournalEntryDetail"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/journal/{id}/curl": {
   "get": {
    "operationId": "mock_journal_curl",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "One journal entry as a curl command line that sends it again; the key is read from $POSTHOG_PERSONAL_API_KEY, never written out",
    "security": [],
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The command line (POSIX shell quoting)",
      "content": {
       "text/plain": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/faults": {
   "get": {
    "operationId": "mock_faults_retrieve",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "The latency and error injection in force for API requests",
    "security": [],
    "responses": {
     "200": {
      "description": "The fault settings",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockFaults"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "post": {
    "operationId": "mock_faults_update",
    "tags": [
     "mock-control"
    ],
    "summary": "Change the given fault settings (the others stay); they apply to API requests, never to /_mock/, and survive a reset",
    "security": [],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/MockFaultsUpdate"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The fault settings after the change",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockFaults"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "delete": {
    "operationId": "mock_faults_clear",
    "tags": [
     "mock-control"
    ],
    "summary": "No latency and no injected errors",
    "security": [],
    "responses": {
     "204": {
      "description": "Cleared; no body"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/rate-limits": {
   "get": {
    "operationId": "mock_rate_limits_retrieve",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "The rate limits in force (serve --rate-limits) and the buckets that hold requests now",
    "security": [],
    "responses": {
     "200": {
      "description": "The throttle classes and their rates, and each bucket's requests inside its window",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockRateLimits"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "delete": {
    "operationId": "mock_rate_limits_clear",
    "tags": [
     "mock-control"
    ],
    "summary": "Empty every bucket (a reset does too); the rates stay",
    "security": [],
    "responses": {
     "204": {
      "description": "Cleared; no body"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/health": {
   "get": {
    "operationId": "mock_health_retrieve",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "Whether the mock is up, which version, scenario and seed it serves, and for how long",
    "security": [],
    "responses": {
     "200": {
      "description": "The mock is up",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockHealth"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/routes": {
   "get": {
    "operationId": "mock_routes_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "Every operation the mock serves, with the paths it answers (API paths under both prefixes) and the scopes it needs",
    "security": [],
    "responses": {
     "200": {
      "description": "The operations, by path",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockRoutes"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects": {
   "get": {
    "operationId": "mock_projects_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "The projects the mock holds",
    "security": [],
    "responses": {
     "200": {
      "description": "The projects",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockProjectList"
        }
       }
      }
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects/{project_id}/persons": {
   "get": {
    "operationId": "mock_persons_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "A project's persons as stored, newest first, paged; `search` finds them as the persons list's does",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/MockSearch"
     },
     {
      "$ref": "#/components/parameters/MockLimit"
     },
     {
      "$ref": "#/components/parameters/MockOffset"
     }
    ],
    "responses": {
     "200": {
      "description": "A page of persons",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedPersonList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects/{project_id}/playlists": {
   "get": {
    "operationId": "mock_playlists_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "A project's session recording playlists as stored, soft-deleted ones included, most recently changed first, paged; `search` matches the name",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/MockSearch"
     },
     {
      "$ref": "#/components/parameters/MockLimit"
     },
     {
      "$ref": "#/components/parameters/MockOffset"
     }
    ],
    "responses": {
     "200": {
      "description": "A page of playlists",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PaginatedSessionRecordingPlaylistList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects/{project_id}/playlists/{short_id}/items": {
   "get": {
    "operationId": "mock_playlist_items_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "A playlist's items (soft-deleted playlists too), most recently added first, paged, each with its recording when the project has it",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/ShortId"
     },
     {
      "$ref": "#/components/parameters/MockLimit"
     },
     {
      "$ref": "#/components/parameters/MockOffset"
     }
    ],
    "responses": {
     "200": {
      "description": "A page of items",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockPlaylistItemList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects/{project_id}/events": {
   "post": {
    "operationId": "mock_events_capture",
    "tags": [
     "mock-control"
    ],
    "summary": "Capture one event, standing in for the event-capture interface ($set, $set_once and $unset create or update the person)",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/MockCaptureEvent"
       }
      }
     }
    },
    "responses": {
     "201": {
      "description": "The event was stored; the person it belongs to after it",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockCaptureResult"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  },
  "/_mock/projects/{project_id}/session_recordings": {
   "get": {
    "operationId": "mock_session_recordings_list",
    "tags": [
     "mock-control"
    ],
    "x-observer": true,
    "summary": "A project's session recordings as stored, newest start first, paged; `search` matches the id, the distinct id or the start URL",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     },
     {
      "$ref": "#/components/parameters/MockSearch"
     },
     {
      "$ref": "#/components/parameters/MockLimit"
     },
     {
      "$ref": "#/components/parameters/MockOffset"
     }
    ],
    "responses": {
     "200": {
      "description": "A page of recordings",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MockSessionRecordingList"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     }
    }
   },
   "post": {
    "operationId": "mock_session_recordings_create",
    "tags": [
     "mock-control"
    ],
    "summary": "Store one session recording (missing fields are derived so the values hang together; without distinct_id, a new person owns it)",
    "security": [],
    "parameters": [
     {
      "$ref": "#/components/parameters/ProjectId"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/MockSessionRecordingCreate"
       }
      }
     }
    },
    "responses": {
     "201": {
      "description": "The stored recording",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SessionRecording"
        }
       }
      }
     },
     "400": {
      "$ref": "#/components/responses/Error"
     },
     "404": {
      "$ref": "#/components/responses/Error"
     },
     "405": {
      "$ref": "#/components/responses/Error"
     },
     "413": {
      "$ref": "#/components/responses/Error"
     },
     "415": {
      "$ref": "#/components/responses/Error"
     }
    }
   }
  }
 },
 "components": {
  "securitySchemes": {
   "PersonalAPIKey": {
    "type": "http",
    "scheme": "bearer",
    "description": "A personal API key: `Authorization: Bearer phx_...`. Each operation lists the scope it needs; `X:write` satisfies `X:read`; `*` satisfies every scope."
   }
  },
  "parameters": {
   "ProjectId": {
    "name": "project_id",
    "in": "path",
    "required": true,
    "description": "The project (environment) id.",
    "schema": {
     "type": "string"
    }
   },
   "PersonId": {
    "x-item": {
     "list": "persons_list",
     "field": "id",
     "noun": "person",
     "option": "person-id",
     "make": {
      "operation": "mock_events_capture",
      "body": {
       "event": "$identify",
       "distinct_id": "analytics-mock-verify-{unique}",
       "properties": {
        "$set": {
         "email": "analytics-mock-verify-{unique}@example.com"
        }
       }
      },
      "field": "/person/id"
     }
    },
    "name": "id",
    "in": "path",
    "required": true,
    "description": "The person's integer id (a UUID is also accepted, as in the real service).",
    "schema": {
     "type": "string"
    }
   },
   "ShortId": {
    "x-item": {
     "list": "session_recording_playlists_list",
     "field": "short_id",
     "noun": "playlist"
    },
    "name": "short_id",
    "in": "path",
    "required": true,
    "schema": {
     "type": "string"
    }
   },
   "RecordingId": {
    "x-item": {
     "list": "session_recordings_list",
     "field": "id",
     "noun": "recording",
     "make": {
      "operation": "mock_session_recordings_create",
      "body": {},
      "field": "/id"
     }
    },
    "name": "id",
    "in": "path",
    "required": true,
    "description": "The recording's (session's) id.",
    "schema": {
     "type": "string"
    }
   },
   "SessionRecordingId": {
    "x-item": {
     "list": "session_recordings_list",
     "field": "id",
     "noun": "recording"
    },
    "name": "session_recording_id",
    "in": "path",
    "required": true,
    "schema": {
     "type": "string"
    }
   },
   "PersonFormat": {
    "x-format-media": {
     "csv": "text/csv",
     "json": "application/json"
    },
    "name": "format",
    "in": "query",
    "schema": {
     "type": "string",
     "enum": [
      "csv",
      "json"
     ]
    }
   },
   "MockSearch": {
    "name": "search",
    "in": "query",
    "description": "Text to look for (the control API's data reads).",
    "schema": {
     "type": "string",
     "maxLength": 200
    }
   },
   "MockLimit": {
    "name": "limit",
    "in": "query",
    "description": "Page size (default 50).",
    "schema": {
     "type": "integer",
     "minimum": 1,
     "maximum": 1000
    }
   },
   "MockOffset": {
    "name": "offset",
    "in": "query",
    "schema": {
     "type": "integer",
     "minimum": 0
    }
   },
   "MockJournalOperation": {
    "name": "operation_id",
    "in": "query",
    "description": "Only this operation's requests; `none` for requests no operation matched.",
    "schema": {
     "type": "string",
     "minLength": 1
    }
   },
   "MockJournalStatus": {
    "name": "status",
    "in": "query",
    "description": "Only answers with this status (`404`) or of this class (`4xx`).",
    "schema": {
     "type": "string",
     "pattern": "^[1-5]([0-9]{2}|xx)$"
    }
   },
   "MockJournalMethod": {
    "name": "method",
    "in": "query",
    "schema": {
     "type": "string",
     "enum": [
      "GET",
      "HEAD",
      "POST",
      "PUT",
      "PATCH",
      "DELETE",
      "OPTIONS"
     ]
    }
   },
   "MockJournalPath": {
    "name": "path",
    "in": "query",
    "description": "Only requests whose path or query holds this text (any case; `persons/1`, `search=ada`).",
    "schema": {
     "type": "string",
     "minLength": 1,
     "maxLength": 200
    }
   },
   "MockJournalText": {
    "name": "text",
    "in": "query",
    "description": "Only requests whose request body or answer body holds this text (any case; answers are kept for the newest entries only). Secrets are searched as the journal shows them, [redacted].",
    "schema": {
     "type": "string",
     "minLength": 1,
     "maxLength": 200
    }
   },
   "MockJournalAfter": {
    "name": "after",
    "in": "query",
    "description": "Only entries numbered above this one (what came since an entry already seen).",
    "schema": {
     "type": "integer",
     "minimum": 0
    }
   },
   "MockJournalBefore": {
    "name": "before",
    "in": "query",
    "description": "Only entries numbered below this one (the next page of older entries).",
    "schema": {
     "type": "integer",
     "minimum": 1
    }
   },
   "MockJournalLimit": {
    "name": "limit",
    "in": "query",
    "description": "At most this many entries, the first ones in the order asked for.",
    "schema": {
     "type": "integer",
     "minimum": 1,
     "maximum": 100000
    }
   }
  },
  "responses": {
   "Error": {
    "description": "An error in the service's error shape",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   },
   "Fault": {
    "description": "A server error in the service's error shape; the mock answers these (and 429) only when fault injection (/_mock/faults, --latency aside) asks for them.",
    "content": {
     "application/json": {
      "schema": {
       "$ref": "#/components/schemas/Error"
      }
     }
    }
   }
  },
  "schemas": {
   "Error": {
    "type": "object",
    "required": [
     "type",
     "code",
     "detail",
     "attr"
    ],
    "properties": {
     "type": {
      "type": "string",
      "enum": [
       "validation_error",
       "authentication_error",
       "invalid_request",
       "throttled_error",
       "server_error"
      ]
     },
     "code": {
      "type": "string"
     },
     "detail": {
      "type": "string"
     },
     "attr": {
      "type": [
       "string",
       "null"
      ]
     }
    }
   },
   "SessionRecordingUpdate": {
    "type": "object",
    "description": "The real update serializer: viewed, analyzed (booleans, read by the handler as DRF reads them), player_metadata (any JSON). Other fields are ignored.",
    "properties": {
     "viewed": {
      "x-drf": {
       "field": "BooleanField",
       "required": false
      }
     },
     "analyzed": {
      "x-drf": {
       "field": "BooleanField",
       "required": false
      }
     },
     "player_metadata": {
      "x-drf": {
       "field": "JSONField",
       "required": false
      }
     },
     "durations": {
      "x-drf": {
       "field": "JSONField",
       "required": false
      }
     }
    }
   },
   "BulkRecordingIds": {
    "type": "object",
    "description": "Read from the body as the real view reads it (request.data.get), not by a serializer: a non-empty list of at most 20 ids, else a 400 in its words.",
    "properties": {
     "session_recording_ids": {}
    }
   },
   "BulkAdded": {
    "type": "object",
    "required": [
     "success",
     "added_count",
     "total_requested"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     },
     "added_count": {
      "type": "integer"
     },
     "total_requested": {
      "type": "integer"
     }
    }
   },
   "BulkDeleted": {
    "type": "object",
    "required": [
     "success",
     "deleted_count",
     "total_requested"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     },
     "deleted_count": {
      "type": "integer"
     },
     "total_requested": {
      "type": "integer"
     }
    }
   },
   "BulkViewed": {
    "type": "object",
    "required": [
     "success",
     "viewed_count",
     "total_requested"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     },
     "viewed_count": {
      "type": "integer"
     },
     "total_requested": {
      "type": "integer"
     }
    }
   },
   "BulkNotViewed": {
    "type": "object",
    "required": [
     "success",
     "not_viewed_count",
     "total_requested"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     },
     "not_viewed_count": {
      "type": "integer"
     },
     "total_requested": {
      "type": "integer"
     }
    }
   },
   "PersonSplitBody": {
    "type": "object",
    "description": "Read from the body as PersonViewSet.split reads it (request.data.get), not by a serializer: distinct_ids_to_split a non-empty list of the person's own ids, not with main_distinct_id; else a 400 in its words.",
    "properties": {
     "main_distinct_id": {},
     "distinct_ids_to_split": {}
    }
   },
   "BulkDeleteRecordings": {
    "type": "object",
    "description": "Read from the body as the real view reads it (request.data.get): session_recording_ids a non-empty list of at most 100; date_from a date or a relative date.",
    "properties": {
     "session_recording_ids": {},
     "date_from": {}
    }
   },
   "BulkDeletedRecordings": {
    "type": "object",
    "required": [
     "success",
     "deleted_count",
     "total_requested",
     "failed_ids"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     },
     "deleted_count": {
      "type": "integer"
     },
     "total_requested": {
      "type": "integer"
     },
     "failed_ids": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "RecordingViewed": {
    "type": "object",
    "required": [
     "viewed",
     "other_viewers"
    ],
    "properties": {
     "viewed": {
      "type": "boolean"
     },
     "other_viewers": {
      "type": "integer"
     }
    }
   },
   "SuccessResponse": {
    "type": "object",
    "required": [
     "success"
    ],
    "properties": {
     "success": {
      "type": "boolean"
     }
    }
   },
   "PropertyFilter": {
    "type": "object",
    "required": [
     "key"
    ],
    "properties": {
     "key": {
      "type": "string"
     },
     "value": {},
     "operator": {
      "type": "string",
      "enum": [
       "exact",
       "is_not",
       "icontains",
       "not_icontains",
       "regex",
       "not_regex",
       "gt",
       "lt",
       "gte",
       "lte",
       "is_set",
       "is_not_set",
       "in",
       "not_in",
       "is_date_exact",
       "is_date_after",
       "is_date_before"
      ]
     },
     "type": {
      "type": "string"
     }
    }
   },
   "Person": {
    "type": "object",
    "required": [
     "id",
     "name",
     "distinct_ids",
     "properties",
     "created_at",
     "uuid"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "name": {
      "type": "string"
     },
     "distinct_ids": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "properties": {
      "type": [
       "object",
       "null"
      ],
      "additionalProperties": true
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "last_seen_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     }
    }
   },
   "PersonListReal": {
    "description": "The persons list as the real service answers it (the observed profile's answer; the verify kit recognises it as known drift).",
    "type": "object",
    "required": [
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "next": {
      "type": [
       "string",
       "null"
      ]
     },
     "previous": {
      "type": [
       "string",
       "null"
      ]
     },
     "count": {
      "type": "integer",
      "description": "Only with include_total."
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/PersonListItemReal"
      }
     }
    }
   },
   "PersonListItemReal": {
    "description": "A person as the real service's list shows it (its actors query, not its person serializer).",
    "type": "object",
    "required": [
     "type",
     "id",
     "uuid",
     "created_at",
     "last_seen_at",
     "properties",
     "is_identified",
     "name",
     "distinct_ids",
     "matched_recordings",
     "value_at_data_point"
    ],
    "properties": {
     "type": {
      "type": "string",
      "enum": [
       "person"
      ]
     },
     "id": {
      "type": "string",
      "description": "The uuid."
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     },
     "last_seen_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "properties": {
      "type": [
       "object",
       "null"
      ],
      "additionalProperties": true
     },
     "is_identified": {
      "type": "boolean"
     },
     "name": {
      "type": "string"
     },
     "distinct_ids": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "matched_recordings": {
      "type": "array",
      "items": {}
     },
     "value_at_data_point": {
      "type": [
       "null",
       "number"
      ]
     }
    }
   },
   "PaginatedPersonList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Person"
      }
     }
    }
   },
   "PersonUpdateRequest": {
    "type": "object",
    "properties": {
     "properties": {
      "description": "Properties to merge into the person's properties. Any JSON is taken, as the real update reads the body unvalidated (a form field's text included); a value that is not an object sets nothing, and null is refused as missing, as the real service does."
     }
    }
   },
   "PersonPropertiesBody": {
    "type": "object",
    "properties": {
     "properties": {
      "type": "object",
      "additionalProperties": true
     }
    }
   },
   "PersonDeletePropertyBody": {
    "type": "object",
    "properties": {
     "$unset": {
      "type": "string",
      "description": "The property key to delete (as the real service reads it)."
     },
     "properties": {
      "type": "object",
      "additionalProperties": true
     }
    }
   },
   "ActivityLogEntry": {
    "type": "object",
    "required": [
     "id",
     "user",
     "activity",
     "scope",
     "item_id",
     "detail",
     "created_at"
    ],
    "properties": {
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "user": {
      "type": "object",
      "required": [
       "first_name",
       "email"
      ],
      "properties": {
       "first_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "email": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_system": {
        "type": "boolean"
       }
      }
     },
     "activity": {
      "type": "string"
     },
     "scope": {
      "type": "string"
     },
     "item_id": {
      "type": "string"
     },
     "detail": {
      "type": "object",
      "description": "Always these keys (null when not set), and `merge` only for a merge; nothing else.",
      "required": [
       "changes",
       "trigger",
       "type",
       "name",
       "short_id"
      ],
      "additionalProperties": false,
      "properties": {
       "changes": {
        "type": [
         "array",
         "null"
        ],
        "items": {
         "type": "object",
         "required": [
          "type",
          "action",
          "field",
          "before",
          "after"
         ],
         "additionalProperties": false,
         "properties": {
          "type": {
           "type": "string"
          },
          "action": {
           "type": "string"
          },
          "field": {
           "type": [
            "string",
            "null"
           ]
          },
          "before": {},
          "after": {}
         }
        }
       },
       "merge": {},
       "trigger": {},
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "short_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "type": {
        "type": [
         "string",
         "null"
        ]
       }
      }
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "ActivityLogPage": {
    "type": "object",
    "required": [
     "results",
     "next",
     "previous",
     "total_count"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/ActivityLogEntry"
      }
     },
     "next": {
      "type": [
       "string",
       "null"
      ]
     },
     "previous": {
      "type": [
       "string",
       "null"
      ]
     },
     "total_count": {
      "type": "integer",
      "minimum": 0
     }
    }
   },
   "PropertiesTimeline": {
    "type": "object",
    "required": [
     "points",
     "crucial_property_keys",
     "effective_date_from",
     "effective_date_to"
    ],
    "properties": {
     "points": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "timestamp",
        "properties",
        "relevant_event_count"
       ],
       "properties": {
        "timestamp": {
         "type": "string",
         "format": "date-time"
        },
        "properties": {
         "type": "object",
         "additionalProperties": true
        },
        "relevant_event_count": {
         "type": "integer",
         "minimum": 0
        }
       }
      }
     },
     "crucial_property_keys": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "effective_date_from": {
      "type": "string",
      "format": "date-time"
     },
     "effective_date_to": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "User": {
    "type": "object",
    "required": [
     "id",
     "uuid",
     "distinct_id",
     "first_name",
     "last_name",
     "email",
     "is_email_verified",
     "hedgehog_config",
     "role_at_organization"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "distinct_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "first_name": {
      "type": "string"
     },
     "last_name": {
      "type": "string"
     },
     "email": {
      "type": "string",
      "format": "email"
     },
     "is_email_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "hedgehog_config": {
      "type": [
       "object",
       "null"
      ],
      "additionalProperties": true
     },
     "role_at_organization": {
      "type": [
       "string",
       "null"
      ]
     }
    }
   },
   "RecordingsCounts": {
    "type": "object",
    "description": "{saved_filters: {count, has_more, watched_count, increased, last_refreshed_at}, collection: {count, watched_count}}; counts are null when there is nothing to count.",
    "additionalProperties": {
     "type": "object",
     "additionalProperties": {
      "type": [
       "integer",
       "boolean",
       "string",
       "null"
      ]
     }
    }
   },
   "SessionRecordingPlaylist": {
    "type": "object",
    "required": [
     "id",
     "short_id",
     "name",
     "derived_name",
     "description",
     "pinned",
     "created_at",
     "created_by",
     "deleted",
     "filters",
     "last_modified_at",
     "last_modified_by",
     "recordings_counts",
     "type",
     "is_synthetic"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "short_id": {
      "type": "string"
     },
     "name": {
      "type": [
       "string",
       "null"
      ],
      "maxLength": 400
     },
     "derived_name": {
      "type": [
       "string",
       "null"
      ],
      "maxLength": 400
     },
     "description": {
      "type": "string"
     },
     "pinned": {
      "type": "boolean"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "created_by": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/User"
       },
       {
        "type": "null"
       }
      ]
     },
     "deleted": {
      "type": "boolean"
     },
     "filters": {
      "description": "Any JSON, as the JSONField stored it (an object, a list, a text, ...)"
     },
     "last_modified_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "last_modified_by": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/User"
       },
       {
        "type": "null"
       }
      ]
     },
     "recordings_counts": {
      "$ref": "#/components/schemas/RecordingsCounts"
     },
     "type": {
      "type": [
       "string",
       "null"
      ],
      "enum": [
       "collection",
       "filters",
       null
      ]
     },
     "is_synthetic": {
      "type": "boolean"
     }
    }
   },
   "SessionRecordingPlaylistWrite": {
    "type": "object",
    "description": "Writable fields. Unknown fields are ignored, as in the real service. `type` is honoured on create only.",
    "properties": {
     "name": {
      "type": [
       "string",
       "number",
       "null"
      ],
      "maxLength": 400,
      "x-drf": {
       "field": "CharField",
       "required": false,
       "allow_null": true,
       "allow_blank": true,
       "max_length": 400
      }
     },
     "derived_name": {
      "type": [
       "string",
       "number",
       "null"
      ],
      "maxLength": 400,
      "x-drf": {
       "field": "CharField",
       "required": false,
       "allow_null": true,
       "allow_blank": true,
       "max_length": 400
      }
     },
     "description": {
      "type": [
       "string",
       "number"
      ],
      "x-drf": {
       "field": "CharField",
       "required": false,
       "allow_blank": true
      }
     },
     "pinned": {
      "type": [
       "boolean",
       "string",
       "integer"
      ],
      "x-drf": {
       "field": "BooleanField",
       "required": false
      }
     },
     "deleted": {
      "type": [
       "boolean",
       "string",
       "integer"
      ],
      "x-drf": {
       "field": "BooleanField",
       "required": false
      }
     },
     "filters": {
      "description": "Any JSON (a JSONField: an object, a list, a text, ...)",
      "x-drf": {
       "field": "JSONField",
       "required": false
      }
     },
     "type": {
      "type": [
       "string",
       "null"
      ],
      "enum": [
       "collection",
       "filters",
       null
      ],
      "description": "collection or filters; required on create (any other value is refused there)",
      "x-drf": {
       "field": "ChoiceField",
       "required": false,
       "allow_null": true,
       "choices": [
        "collection",
        "filters"
       ]
      }
     },
     "_create_in_folder": {
      "type": [
       "string",
       "number"
      ],
      "x-drf": {
       "field": "CharField",
       "required": false,
       "allow_blank": true
      }
     }
    }
   },
   "PaginatedSessionRecordingPlaylistList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/SessionRecordingPlaylist"
      }
     }
    }
   },
   "EmbeddedPerson": {
    "type": "object",
    "description": "A person embedded in a session recording: distinct_ids is the one matching distinct id, a string as the seed describes (EmbeddedPersonSeed) or in an array as the real service answers (EmbeddedPersonReal).",
    "required": [
     "id",
     "name",
     "distinct_ids",
     "properties",
     "created_at",
     "uuid"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "name": {
      "type": "string"
     },
     "distinct_ids": {
      "type": [
       "string",
       "array"
      ],
      "items": {
       "type": "string"
      }
     },
     "properties": {
      "type": [
       "object",
       "null"
      ],
      "additionalProperties": true
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "last_seen_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     }
    }
   },
   "SessionRecordingSeed": {
    "description": "A session recording as the seed lists its fields (2.4, storage among them) with the embedded person's distinct_ids a single string.",
    "allOf": [
     {
      "$ref": "#/components/schemas/SessionRecording"
     },
     {
      "type": "object",
      "required": [
       "storage"
      ],
      "properties": {
       "person": {
        "oneOf": [
         {
          "type": "object",
          "properties": {
           "distinct_ids": {
            "type": "string"
           }
          }
         },
         {
          "type": "null"
         }
        ]
       }
      }
     }
    ]
   },
   "SessionRecordingReal": {
    "description": "A session recording as the real serializer writes it (no storage field) with the embedded person's distinct_ids an array.",
    "allOf": [
     {
      "$ref": "#/components/schemas/SessionRecording"
     },
     {
      "type": "object",
      "properties": {
       "storage": false,
       "person": {
        "oneOf": [
         {
          "type": "object",
          "properties": {
           "distinct_ids": {
            "type": "array",
            "items": {
             "type": "string"
            }
           }
          }
         },
         {
          "type": "null"
         }
        ]
       }
      }
     }
    ]
   },
   "SessionRecording": {
    "type": "object",
    "description": "The fields of the real serializer (nullable where it allows null), and the seed's storage where the profile shows it.",
    "required": [
     "id",
     "distinct_id",
     "viewed",
     "viewers",
     "recording_duration",
     "active_seconds",
     "inactive_seconds",
     "start_time",
     "end_time",
     "click_count",
     "keypress_count",
     "mouse_activity_count",
     "console_log_count",
     "console_warn_count",
     "console_error_count",
     "start_url",
     "retention_period_days",
     "expiry_time",
     "recording_ttl",
     "snapshot_source",
     "snapshot_library",
     "ongoing",
     "activity_score",
     "has_summary",
     "summary_outcome",
     "external_references",
     "matches_filters"
    ],
    "properties": {
     "id": {
      "type": "string"
     },
     "distinct_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "viewed": {
      "type": "boolean",
      "description": "Whether the key's user has viewed it."
     },
     "viewers": {
      "type": "array",
      "description": "The e-mails of the other users who have viewed it (not the key's user).",
      "items": {
       "type": "string"
      }
     },
     "recording_duration": {
      "type": "integer",
      "minimum": 0,
      "description": "seconds"
     },
     "active_seconds": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "inactive_seconds": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "start_time": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "end_time": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "click_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "keypress_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "mouse_activity_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "console_log_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "console_warn_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "console_error_count": {
      "type": [
       "integer",
       "null"
      ],
      "minimum": 0
     },
     "start_url": {
      "type": [
       "string",
       "null"
      ]
     },
     "person": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/EmbeddedPerson"
       },
       {
        "type": "null"
       }
      ]
     },
     "storage": {
      "type": "string"
     },
     "retention_period_days": {
      "type": [
       "integer",
       "null"
      ],
      "description": "Days the recording is kept."
     },
     "expiry_time": {
      "type": "string",
      "format": "date-time",
      "description": "The start of the recording's UTC day plus its retention."
     },
     "recording_ttl": {
      "type": "integer",
      "description": "Whole days from now until expiry_time (0 or less: expired)."
     },
     "snapshot_source": {
      "type": [
       "string",
       "null"
      ]
     },
     "snapshot_library": {
      "type": [
       "string",
       "null"
      ]
     },
     "ongoing": {
      "type": "boolean"
     },
     "activity_score": {
      "type": [
       "number",
       "null"
      ]
     },
     "has_summary": {
      "type": "boolean",
      "description": "Whether an AI summary of it exists (never in the mock)."
     },
     "summary_outcome": {
      "description": "The AI summary's outcome (null in the mock, which makes none).",
      "oneOf": [
       {
        "type": "object",
        "properties": {
         "description": {
          "type": [
           "string",
           "null"
          ]
         },
         "success": {
          "type": [
           "boolean",
           "null"
          ]
         }
        }
       },
       {
        "type": "null"
       }
      ]
     },
     "external_references": {
      "type": "array",
      "description": "Issues linked to the recording (none in the mock).",
      "items": {
       "type": "object",
       "additionalProperties": true
      }
     },
     "matches_filters": {
      "type": "boolean",
      "description": "False only for the recording session_recording_id asked for when it does not match the list's filters."
     }
    }
   },
   "PaginatedSessionRecordingList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/SessionRecordingSeed"
      }
     }
    }
   },
   "PlaylistRecordingsList": {
    "type": "object",
    "required": [
     "results",
     "has_next",
     "version"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/SessionRecordingSeed"
      }
     },
     "has_next": {
      "type": "boolean"
     },
     "version": {
      "type": "integer"
     }
    }
   },
   "RecordingsListReal": {
    "description": "A recordings list as the real service answers it (the observed profile's answer).",
    "type": "object",
    "required": [
     "results",
     "has_next",
     "version"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/SessionRecordingReal"
      }
     },
     "has_next": {
      "type": "boolean"
     },
     "version": {
      "type": "integer",
      "enum": [
       4
      ]
     }
    }
   },
   "InsightToolRequest": {
    "type": "object",
    "required": [
     "query",
     "insight_type"
    ],
    "properties": {
     "query": {
      "type": [
       "string",
       "number"
      ],
      "maxLength": 1000,
      "x-drf": {
       "field": "CharField",
       "max_length": 1000
      }
     },
     "insight_type": {
      "type": "string",
      "enum": [
       "trends",
       "funnel",
       "retention",
       "sql"
      ],
      "x-drf": {
       "field": "ChoiceField",
       "choices": [
        "trends",
        "funnel",
        "retention",
        "sql"
       ]
      }
     }
    }
   },
   "InsightToolResponse": {
    "type": "array",
    "items": {
     "type": "object",
     "required": [
      "type",
      "data"
     ],
     "properties": {
      "type": {
       "type": "string"
      },
      "data": {
       "type": "object",
       "additionalProperties": true
      }
     }
    }
   },
   "Project": {
    "type": "object",
    "required": [
     "id",
     "uuid",
     "organization",
     "name",
     "api_token",
     "timezone",
     "created_at"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "organization": {
      "type": "string",
      "format": "uuid"
     },
     "name": {
      "type": "string"
     },
     "api_token": {
      "type": "string"
     },
     "timezone": {
      "type": "string"
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "PaginatedProjectList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Project"
      }
     }
    }
   },
   "OrganizationBasic": {
    "type": "object",
    "required": [
     "id",
     "name",
     "slug"
    ],
    "properties": {
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "name": {
      "type": "string"
     },
     "slug": {
      "type": "string"
     }
    }
   },
   "UserMe": {
    "type": "object",
    "required": [
     "id",
     "uuid",
     "distinct_id",
     "first_name",
     "last_name",
     "email",
     "organization",
     "organizations",
     "team"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "uuid": {
      "type": "string",
      "format": "uuid"
     },
     "distinct_id": {
      "type": "string"
     },
     "first_name": {
      "type": "string"
     },
     "last_name": {
      "type": "string"
     },
     "email": {
      "type": "string",
      "format": "email"
     },
     "is_email_verified": {
      "type": "boolean"
     },
     "organization": {
      "$ref": "#/components/schemas/OrganizationBasic"
     },
     "organizations": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/OrganizationBasic"
      }
     },
     "team": {
      "type": "object",
      "required": [
       "id",
       "organization",
       "name"
      ],
      "properties": {
       "id": {
        "type": "integer"
       },
       "uuid": {
        "type": "string",
        "format": "uuid"
       },
       "organization": {
        "type": "string",
        "format": "uuid"
       },
       "name": {
        "type": "string"
       }
      }
     }
    }
   },
   "PersonalApiKey": {
    "type": "object",
    "required": [
     "id",
     "label",
     "mask_value",
     "created_at",
     "scopes",
     "scoped_teams",
     "scoped_organizations"
    ],
    "properties": {
     "id": {
      "type": "string"
     },
     "label": {
      "type": "string"
     },
     "mask_value": {
      "type": "string"
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     },
     "last_used_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "user_id": {
      "type": "integer"
     },
     "scopes": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "scoped_teams": {
      "type": "array",
      "items": {
       "type": "integer"
      }
     },
     "scoped_organizations": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "MockResetRequest": {
    "type": "object",
    "properties": {
     "seed": {
      "type": "integer",
      "minimum": 0,
      "maximum": 4294967295
     },
     "fixtures": {
      "type": "string",
      "examples": [
       "default",
       "empty-project",
       "key-without-scopes"
      ],
      "description": "A scenario name from fixtures/ (default the default dataset)."
     }
    }
   },
   "MockState": {
    "type": "object",
    "required": [
     "seed",
     "fixtures",
     "now",
     "counts"
    ],
    "properties": {
     "seed": {
      "type": "integer"
     },
     "fixtures": {
      "type": "string"
     },
     "now": {
      "type": "string",
      "format": "date-time"
     },
     "counts": {
      "type": "object",
      "additionalProperties": {
       "type": "integer"
      }
     }
    }
   },
   "MockClockRequest": {
    "type": "object",
    "properties": {
     "now": {
      "type": "string",
      "format": "date-time"
     },
     "advance": {
      "description": "Milliseconds, or an ISO 8601 duration such as PT1H or P1DT2H.",
      "type": [
       "integer",
       "string"
      ]
     },
     "freeze": {
      "type": "boolean",
      "description": "true stops the clock at its current instant; false lets it follow wall time from there."
     }
    }
   },
   "MockClock": {
    "type": "object",
    "required": [
     "now",
     "frozen"
    ],
    "properties": {
     "now": {
      "type": "string",
      "format": "date-time"
     },
     "frozen": {
      "type": "boolean"
     },
     "ran": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/MockTask"
      }
     }
    }
   },
   "MockTask": {
    "type": "object",
    "required": [
     "id",
     "kind",
     "project_id",
     "target",
     "created_at",
     "scheduled_for",
     "state",
     "ran_at"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "kind": {
      "type": "string",
      "enum": [
       "delete_person_events"
      ]
     },
     "project_id": {
      "type": "integer"
     },
     "target": {
      "type": "object",
      "properties": {
       "person_uuid": {
        "type": "string"
       },
       "person_id": {
        "type": "integer"
       },
       "distinct_ids": {
        "type": "array",
        "items": {
         "type": "string"
        }
       }
      }
     },
     "created_at": {
      "type": "string",
      "format": "date-time"
     },
     "scheduled_for": {
      "type": "string",
      "format": "date-time"
     },
     "state": {
      "type": "string",
      "enum": [
       "queued",
       "done"
      ]
     },
     "ran_at": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "result": {
      "type": [
       "object",
       "null"
      ],
      "properties": {
       "deleted_events": {
        "type": "integer"
       }
      }
     }
    }
   },
   "MockTaskList": {
    "type": "object",
    "required": [
     "results"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/MockTask"
      }
     }
    }
   },
   "MockJournalEntry": {
    "type": "object",
    "required": [
     "id",
     "at",
     "method",
     "path",
     "operation_id",
     "status",
     "key",
     "validation"
    ],
    "properties": {
     "id": {
      "type": "integer",
      "description": "Numbered in order from 1; a reset or clear does not start again."
     },
     "at": {
      "type": "string",
      "format": "date-time"
     },
     "method": {
      "type": "string"
     },
     "path": {
      "type": "string"
     },
     "query": {
      "type": "object",
      "additionalProperties": true,
      "description": "Values of secret-named parameters read [redacted]."
     },
     "operation_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "The operation the path and method name (null when none does)."
     },
     "status": {
      "type": "integer"
     },
     "request_body": {
      "description": "As sent; secret-named fields read [redacted]."
     },
     "duration_ms": {
      "type": "number"
     },
     "key": {
      "type": [
       "string",
       "null"
      ],
      "description": "The personal API key the request presented (header, body or query), masked as phx_...abcd; null when none."
     },
     "validation": {
      "type": "string",
      "enum": [
       "passed",
       "failed",
       "skipped"
      ],
      "description": "Whether the answer was checked against the contract: passed; failed (it was answered 500 contract_violation instead); skipped (no handler answered, a 5xx, or validation turned off)."
     },
     "violation": {
      "type": "string",
      "description": "What the answer broke",
      "when validation failed.": null
     }
    }
   },
   "MockJournalEntryDetail": {
    "allOf": [
     {
      "$ref": "#/components/schemas/MockJournalEntry"
     },
     {
      "type": "object",
      "required": [
       "response"
      ],
      "properties": {
       "response": {
        "type": "object",
        "required": [
         "status",
         "headers",
         "body",
         "body_kept"
        ],
        "properties": {
         "status": {
          "type": "integer"
         },
         "headers": {
          "type": "object",
          "additionalProperties": {
           "type": "string"
          }
         },
         "body": {
          "description": "The JSON value (secret-named fields [redacted]) or the text of the answer; null when it had none or it is no longer kept."
         },
         "body_kept": {
          "type": "boolean",
          "description": "False when the answer is no longer kept (only the newest 100 are) or was written as it was made (a CSV export over a socket)."
         }
        }
       }
      }
     }
    ]
   },
   "MockJournal": {
    "type": "object",
    "required": [
     "results",
     "dropped"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/MockJournalEntry"
      }
     },
     "count": {
      "type": "integer",
      "description": "Entries matching operation_id, status, method, path and text, whatever the cursor and limit."
     },
     "first_id": {
      "type": [
       "integer",
       "null"
      ],
      "description": "The oldest entry kept."
     },
     "last_id": {
      "type": [
       "integer",
       "null"
      ],
      "description": "The newest entry kept."
     },
     "dropped": {
      "type": "integer",
      "description": "Entries evicted since the last clear because the journal is bounded."
     }
    }
   },
   "MockHar": {
    "type": "object",
    "required": [
     "log"
    ],
    "description": "HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what browsers' network panels import.",
    "properties": {
     "log": {
      "type": "object",
      "required": [
       "version",
       "creator",
       "entries"
      ],
      "properties": {
       "version": {
        "type": "string",
        "enum": [
         "1.2"
        ]
       },
       "creator": {
        "type": "object",
        "required": [
         "name",
         "version"
        ],
        "properties": {
         "name": {
          "type": "string"
         },
         "version": {
          "type": "string"
         }
        }
       },
       "entries": {
        "type": "array",
        "items": {
         "type": "object",
         "required": [
          "startedDateTime",
          "time",
          "request",
          "response",
          "cache",
          "timings"
         ],
         "properties": {
          "startedDateTime": {
           "type": "string",
           "format": "date-time"
          },
          "time": {
           "type": "number"
          },
          "request": {
           "type": "object",
           "required": [
            "method",
            "url",
            "httpVersion",
            "cookies",
            "headers",
            "queryString",
            "headersSize",
            "bodySize"
           ]
          },
          "response": {
           "type": "object",
           "required": [
            "status",
            "statusText",
            "httpVersion",
            "cookies",
            "headers",
            "content",
            "redirectURL",
            "headersSize",
            "bodySize"
           ]
          },
          "cache": {
           "type": "object"
          },
          "timings": {
           "type": "object",
           "required": [
            "send",
            "wait",
            "receive"
           ]
          },
          "comment": {
           "type": "string"
          }
         }
        }
       }
      }
     }
    }
   },
   "MockProjectList": {
    "type": "object",
    "required": [
     "results"
    ],
    "properties": {
     "results": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "id",
        "name"
       ],
       "properties": {
        "id": {
         "type": "integer"
        },
        "name": {
         "type": "string"
        }
       }
      }
     }
    }
   },
   "MockPlaylistItemList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "recording_id",
        "added_at",
        "recording"
       ],
       "properties": {
        "recording_id": {
         "type": "string"
        },
        "added_at": {
         "type": "string",
         "format": "date-time"
        },
        "recording": {
         "description": "The recording, or null when the project does not have it (added by id before its data arrived).",
         "oneOf": [
          {
           "$ref": "#/components/schemas/SessionRecording"
          },
          {
           "type": "null"
          }
         ]
        }
       }
      }
     }
    }
   },
   "MockSessionRecordingList": {
    "type": "object",
    "required": [
     "count",
     "next",
     "previous",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer",
      "minimum": 0
     },
     "next": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "previous": {
      "type": [
       "string",
       "null"
      ],
      "format": "uri"
     },
     "results": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/SessionRecording"
      }
     }
    }
   },
   "MockFaultsUpdate": {
    "type": "object",
    "description": "Any subset of the settings (at least one); omitted ones keep their value.",
    "minProperties": 1,
    "properties": {
     "latency_ms": {
      "type": "integer",
      "minimum": 0,
      "maximum": 600000,
      "description": "Added to every API request before it is handled."
     },
     "jitter_ms": {
      "type": "integer",
      "minimum": 0,
      "maximum": 600000,
      "description": "A further random delay of up to this many milliseconds (seeded)."
     },
     "error_rate": {
      "type": "number",
      "minimum": 0,
      "maximum": 1,
      "description": "Share of API requests answered with error_status instead of running (nothing changes for them)."
     },
     "error_status": {
      "type": "integer",
      "enum": [
       429,
       500,
       502,
       503
      ],
      "description": "429 comes with Retry-After 1, as the real service's throttling does."
     },
     "operations": {
      "type": [
       "array",
       "null"
      ],
      "description": "operationIds the faults apply to; null (the default) means every API operation.",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "MockRateLimits": {
    "type": "object",
    "required": [
     "enabled",
     "classes",
     "buckets"
    ],
    "properties": {
     "enabled": {
      "type": "boolean",
      "description": "false unless the mock was started with rate limits (then classes and buckets are empty)"
     },
     "classes": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "class",
        "scope",
        "kind",
        "ident",
        "rate",
        "real_rate"
       ],
       "properties": {
        "class": {
         "type": "string",
         "description": "The real service's class name"
        },
        "scope": {
         "type": "string"
        },
        "kind": {
         "type": "string",
         "enum": [
          "burst",
          "sustained"
         ]
        },
        "ident": {
         "type": "string",
         "enum": [
          "key",
          "user"
         ],
         "description": "Whose requests one bucket counts: a personal API key, or every key of one user"
        },
        "rate": {
         "type": "string",
         "description": "The rate in force, e.g. 240/minute"
        },
        "real_rate": {
         "type": "string",
         "description": "The real service's rate"
        }
       }
      }
     },
     "buckets": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "scope",
        "class",
        "ident",
        "rate",
        "count",
        "frees_at"
       ],
       "properties": {
        "scope": {
         "type": "string"
        },
        "class": {
         "type": "string"
        },
        "ident": {
         "type": "string",
         "description": "key:<key id> or user:<user id>"
        },
        "rate": {
         "type": "string"
        },
        "count": {
         "type": "integer",
         "minimum": 1,
         "description": "Requests inside the window now"
        },
        "frees_at": {
         "type": "string",
         "format": "date-time",
         "description": "When the oldest of them leaves the window"
        }
       }
      }
     }
    }
   },
   "MockFaults": {
    "type": "object",
    "required": [
     "latency_ms",
     "jitter_ms",
     "error_rate",
     "error_status",
     "operations"
    ],
    "properties": {
     "latency_ms": {
      "type": "integer",
      "minimum": 0
     },
     "jitter_ms": {
      "type": "integer",
      "minimum": 0
     },
     "error_rate": {
      "type": "number",
      "minimum": 0,
      "maximum": 1
     },
     "error_status": {
      "type": "integer",
      "enum": [
       429,
       500,
       502,
       503
      ]
     },
     "operations": {
      "type": [
       "array",
       "null"
      ],
      "items": {
       "type": "string"
      }
     }
    }
   },
   "MockHealth": {
    "type": "object",
    "required": [
     "status",
     "version",
     "scenario",
     "seed",
     "uptime_s"
    ],
    "properties": {
     "status": {
      "type": "string",
      "enum": [
       "ok"
      ]
     },
     "version": {
      "type": "string",
      "description": "The analytics-mock release (this contract's info.version)."
     },
     "scenario": {
      "type": "string",
      "description": "The scenario from fixtures/ the data was seeded from (changed by POST /_mock/reset)."
     },
     "seed": {
      "type": "integer"
     },
     "uptime_s": {
      "type": "number",
      "minimum": 0,
      "description": "Seconds since the mock was created."
     }
    }
   },
   "MockRoutes": {
    "type": "object",
    "required": [
     "count",
     "results"
    ],
    "properties": {
     "count": {
      "type": "integer"
     },
     "results": {
      "type": "array",
      "items": {
       "type": "object",
       "required": [
        "operation_id",
        "method",
        "paths",
        "scopes",
        "tags"
       ],
       "properties": {
        "operation_id": {
         "type": "string"
        },
        "method": {
         "type": "string"
        },
        "paths": {
         "type": "array",
         "description": "The path templates answered; an API path under /api/environments/ and /api/projects/ (a trailing slash is optional).",
         "items": {
          "type": "string"
         }
        },
        "scopes": {
         "type": [
          "array",
          "null"
         ],
         "description": "The scopes a key needs (all of them); [] any valid key; null no key at all.",
         "items": {
          "type": "string"
         }
        },
        "tags": {
         "type": "array",
         "items": {
          "type": "string"
         }
        }
       }
      }
     }
    }
   },
   "MockCaptureEvent": {
    "type": "object",
    "required": [
     "event",
     "distinct_id"
    ],
    "properties": {
     "event": {
      "type": "string",
      "minLength": 1
     },
     "distinct_id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
     },
     "timestamp": {
      "type": "string",
      "format": "date-time"
     },
     "properties": {
      "type": "object",
      "additionalProperties": true
     }
    }
   },
   "MockCaptureResult": {
    "type": "object",
    "required": [
     "event",
     "person"
    ],
    "properties": {
     "event": {
      "type": "object",
      "required": [
       "event",
       "distinct_id",
       "timestamp"
      ],
      "properties": {
       "event": {
        "type": "string"
       },
       "distinct_id": {
        "type": "string"
       },
       "timestamp": {
        "type": "string",
        "format": "date-time"
       },
       "properties": {
        "type": "object",
        "additionalProperties": true
       }
      }
     },
     "person": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/Person"
       },
       {
        "type": "null"
       }
      ]
     }
    }
   },
   "MockSessionRecordingCreate": {
    "type": "object",
    "description": "Every field is optional; without distinct_id a new person (with no events) owns the recording, as createMock().create.recording() does.",
    "properties": {
     "id": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
     },
     "distinct_id": {
      "type": "string",
      "minLength": 1
     },
     "retention_period_days": {
      "type": "integer",
      "minimum": 1,
      "maximum": 36500
     },
     "start_time": {
      "type": "string",
      "format": "date-time"
     },
     "active_seconds": {
      "type": "integer",
      "minimum": 0,
      "maximum": 604800
     },
     "inactive_seconds": {
      "type": "integer",
      "minimum": 0,
      "maximum": 604800
     },
     "click_count": {
      "type": "integer",
      "minimum": 0
     },
     "keypress_count": {
      "type": "integer",
      "minimum": 0
     },
     "mouse_activity_count": {
      "type": "integer",
      "minimum": 0
     },
     "console_log_count": {
      "type": "integer",
      "minimum": 0
     },
     "console_warn_count": {
      "type": "integer",
      "minimum": 0
     },
     "console_error_count": {
      "type": "integer",
      "minimum": 0
     },
     "start_url": {
      "type": "string"
     },
     "viewers": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "ongoing": {
      "type": "boolean"
     },
     "activity_score": {
      "type": "number"
     }
    }
   }
  }
 }
} as unknown as Document
