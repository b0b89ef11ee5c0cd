// Generated from contracts/openapi.yaml by `npm run gen:types`. Do not edit.
export interface paths {
    "/api/environments/{project_id}/max_tools/create_and_query_insight/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an insight from a natural-language query and run it */
        post: operations["max_tools_create_and_query_insight"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List persons, newest first */
        get: operations["persons_list"];
        put?: never;
        /**
         * Refused, as in the real service (persons are created by event capture)
         * @description Answers 405 with the real service's words after the scope check (person:write); nothing changes.
         */
        post: operations["persons_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/activity/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's person activity log (every person), newest first */
        get: operations["persons_all_activity_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["persons_retrieve"];
        /**
         * Merge properties into the person (PUT, as PATCH in the real service)
         * @description The real PersonViewSet.update answers PUT and PATCH alike: 202 with no body, the properties set
         *     through a $set event; missing properties is its hand-built 400 (code and detail swapped). The seed
         *     lists PATCH only, so PUT follows the real service in both profiles.
         */
        put: operations["persons_update"];
        post?: never;
        /** Delete the person; with delete_events=true also queue deletion of its events (next Sunday 05:00 UTC) */
        delete: operations["persons_destroy"];
        options?: never;
        head?: never;
        /** Merge properties into the person */
        patch: operations["persons_partial_update"];
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/activity/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["persons_activity_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/delete_events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue deletion of all the person's events for the next non-peak window (00:00-06:00 UTC by default) */
        post: operations["persons_delete_events_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/delete_property/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove one property from the person */
        post: operations["persons_delete_property_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/split/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split distinct ids off the person onto new persons
         * @description posthog/api/person.py PersonViewSet.split, read from the body as the view reads it (request.data,
         *     not a serializer). `distinct_ids_to_split` moves only those ids (each once) onto new single-id
         *     persons; otherwise every id but `main_distinct_id` (default: the first) moves. The person keeps its
         *     properties and its other ids; each new person has no properties and the uuid the real service
         *     derives from the project and the id (uuid5 of `{project_id}:{distinct_id}`, or of
         *     `{project_id}:{distinct_id}:split` when that is the person's own uuid). The real split runs as a
         *     task; the mock splits before it answers. Logs activity "split_person".
         */
        post: operations["persons_split_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/persons/{id}/properties_timeline/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["persons_properties_timeline_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["session_recording_playlists_list"];
        put?: never;
        post: operations["session_recording_playlists_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["session_recording_playlists_retrieve"];
        /**
         * Update the playlist (PUT, the ModelViewSet's update, not partial)
         * @description As PATCH (the same serializer and update()), but not partial: with form input a BooleanField left
         *     out reads as false. The seed lists PATCH only; PUT follows the real service.
         */
        put: operations["session_recording_playlists_update"];
        post?: never;
        /**
         * Hard delete is refused; use PATCH with deleted=true
         * @description Answers 405 with an empty body for any short_id, after the scope check. Nothing changes.
         */
        delete: operations["session_recording_playlists_destroy"];
        options?: never;
        head?: never;
        patch: operations["session_recording_playlists_partial_update"];
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["session_recording_playlists_recordings_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/bulk_add/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add up to 20 recordings to a collection playlist
         * @description session_recording_playlist_api.py bulk_add_recordings: `session_recording_ids` a non-empty list of at
         *     most 20, a collection only; each added once (added_count counts the new ones).
         */
        post: operations["session_recording_playlists_recordings_bulk_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/bulk_delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove up to 20 recordings from a playlist
         * @description session_recording_playlist_api.py bulk_delete_recordings: `session_recording_ids` a non-empty list of at
         *     most 20; those in the playlist are removed (deleted_count), the others skipped.
         */
        post: operations["session_recording_playlists_recordings_bulk_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/playlist_viewed/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that the key's user viewed the playlist
         * @description session_recording_playlist_api.py playlist_viewed: 200 `{"success": true}` for a live playlist (a
         *     soft-deleted or unknown one is a 404); the body is not read. The real service stores the view for
         *     its usage reports and its file-system view log, which none of these endpoints read; the mock
         *     keeps nothing.
         */
        post: operations["session_recording_playlists_playlist_viewed_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a recording to a collection playlist (idempotent)
         * @description The recording does not need to exist yet, as in the real service (which creates a stub row): the
         *     item is kept and counted in recordings_counts.collection.count, and the recording appears in
         *     `recordings/` once the project has a recording with that id. The body the seed lists is taken and
         *     ignored: the real view never reads it, so no body is refused (x-body-unread).
         */
        post: operations["session_recording_playlists_recordings_create"];
        /** Remove a recording from a playlist */
        delete: operations["session_recording_playlists_recordings_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/bulk_viewed/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark up to 20 recordings viewed by the key's user
         * @description session_recording_api.py bulk_viewed: `session_recording_ids` a non-empty list of at most 20;
         *     viewed_count is the number asked for (bulk_create with ignore_conflicts returns every row).
         */
        post: operations["session_recordings_bulk_viewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/bulk_not_viewed/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark up to 20 recordings not viewed by the key's user
         * @description session_recording_api.py bulk_not_viewed: `session_recording_ids` a non-empty list of at most 20;
         *     the user's views of them are removed (not_viewed_count).
         */
        post: operations["session_recordings_bulk_not_viewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/bulk_delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete up to 100 recordings for good
         * @description session_recording_api.py bulk_delete: `session_recording_ids` a non-empty list of at most 100;
         *     `date_from` (a date or a relative date, default `-30d`: the project's recording retention) bounds
         *     where they are looked for. Those found are deleted (deleted_count), the others skipped and
         *     counted in total_requested only; `failed_ids` lists none (the mock's deletions do not fail).
         */
        post: operations["session_recordings_bulk_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The query is read as the real service reads it: every parameter is JSON-decoded when it can be and
         *     checked against its RecordingsQuery model, which forbids parameters it does not know. A wrong
         *     value or an unknown parameter is a 400 whose detail is the model's list of errors as JSON, e.g.
         *     `[{"type": "extra_forbidden", "loc": ["foo"], "msg": "Extra inputs are not permitted", "input": "1", "url": "https://errors.pydantic.dev/2.12/v/extra_forbidden"}]`.
         *     The parameters below are the model's; `add_events_to_property_queries`, `as_query`, `version` and
         *     `hogql_filtering` are also accepted (and dropped, as there). Filters the mock does not apply
         *     (events, actions, properties, console_log_filters, having_predicates, comment_text,
         *     filter_test_accounts, operand, after, modifiers, tags, user_modified_filters) are accepted and ignored.
         */
        get: operations["session_recordings_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One recording (the player's first request)
         * @description The recording as the list shows it, with `viewed` and `viewers` for the key's user. An id the
         *     project has no recording with (or one deleted) is a 404 "Recording not found".
         */
        get: operations["session_recordings_retrieve"];
        /**
         * Mark the recording viewed (for the key's user) or analyzed
         * @description The body is the real service's update serializer: `viewed` and `analyzed` (booleans as DRF reads
         *     them: true/false, "true"/"false", 1/0, ...), `player_metadata` (any JSON); other fields are
         *     ignored. One of `viewed` or `analyzed` must be true, else a 400 "At least one of 'viewed' or
         *     'analyzed' must be provided." A `viewed` field present (even false, beside `analyzed: true`)
         *     records the key's user as a viewer. Nothing else changes; `analyzed` is only reported there.
         *     An unknown recording is a 404 "Recording not found", before the body is read.
         */
        put: operations["session_recordings_update"];
        post?: never;
        /**
         * Delete the recording for good
         * @description 204 with no body. The recording is gone: not listed (nor in playlists), and its retrieve is a 404.
         *     The real view does not look the recording up first, so an unknown id is a 204 too.
         */
        delete: operations["session_recordings_destroy"];
        options?: never;
        head?: never;
        /**
         * Mark the recording viewed (for the key's user) or analyzed
         * @description The body is the real service's update serializer: `viewed` and `analyzed` (booleans as DRF reads
         *     them: true/false, "true"/"false", 1/0, ...), `player_metadata` (any JSON); other fields are
         *     ignored. One of `viewed` or `analyzed` must be true, else a 400 "At least one of 'viewed' or
         *     'analyzed' must be provided." A `viewed` field present (even false, beside `analyzed: true`)
         *     records the key's user as a viewer. Nothing else changes; `analyzed` is only reported there.
         *     An unknown recording is a 404 "Recording not found", before the body is read.
         */
        patch: operations["session_recordings_partial_update"];
        trace?: never;
    };
    "/api/environments/{project_id}/session_recordings/{id}/viewed/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the key's user viewed the recording, and how many others did
         * @description session_recording_api.py viewed: `{"viewed": <the key's user viewed it>, "other_viewers": <how many
         *     other users did>}`. The real view builds a recording it does not find (get_or_build), so an id the
         *     project has no recording with answers `{"viewed": false, "other_viewers": 0}`, not a 404.
         */
        get: operations["session_recordings_viewed_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects the key can reach (where clients find a project id) */
        get: operations["projects_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's user, with the active organization and project */
        get: operations["users_me_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/personal_api_keys/@current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key used for the request */
        get: operations["personal_api_keys_current_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore the seeded dataset (optionally with another seed or scenario); clears tasks and the journal */
        post: operations["mock_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["mock_clock_retrieve"];
        put?: never;
        /** Set the clock ({now}), move it forward ({advance} in ms or an ISO 8601 duration), freeze or unfreeze it; due tasks run */
        post: operations["mock_clock_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every scheduled task (event deletions), in the order queued */
        get: operations["mock_tasks_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bounded request journal, oldest first (or newest first), filtered or searched, after or before a cursor */
        get: operations["mock_journal_list"];
        put?: never;
        post?: never;
        delete: operations["mock_journal_clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/journal/har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The journal (or the entries the filters and search pick) as a HAR 1.2 file, oldest first, keys masked and secrets redacted as in the journal */
        get: operations["mock_journal_har"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/journal/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One journal entry with its answer (status, headers, body; the body for the newest entries only) */
        get: operations["mock_journal_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/journal/{id}/curl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One journal entry as a curl command line that sends it again; the key is read from $POSTHOG_PERSONAL_API_KEY, never written out */
        get: operations["mock_journal_curl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latency and error injection in force for API requests */
        get: operations["mock_faults_retrieve"];
        put?: never;
        /** Change the given fault settings (the others stay); they apply to API requests, never to /_mock/, and survive a reset */
        post: operations["mock_faults_update"];
        /** No latency and no injected errors */
        delete: operations["mock_faults_clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rate limits in force (serve --rate-limits) and the buckets that hold requests now */
        get: operations["mock_rate_limits_retrieve"];
        put?: never;
        post?: never;
        /** Empty every bucket (a reset does too); the rates stay */
        delete: operations["mock_rate_limits_clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the mock is up, which version, scenario and seed it serves, and for how long */
        get: operations["mock_health_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every operation the mock serves, with the paths it answers (API paths under both prefixes) and the scopes it needs */
        get: operations["mock_routes_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The projects the mock holds */
        get: operations["mock_projects_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects/{project_id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's persons as stored, newest first, paged; `search` finds them as the persons list's does */
        get: operations["mock_persons_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects/{project_id}/playlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's session recording playlists as stored, soft-deleted ones included, most recently changed first, paged; `search` matches the name */
        get: operations["mock_playlists_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects/{project_id}/playlists/{short_id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A playlist's items (soft-deleted playlists too), most recently added first, paged, each with its recording when the project has it */
        get: operations["mock_playlist_items_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects/{project_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Capture one event, standing in for the event-capture interface ($set, $set_once and $unset create or update the person) */
        post: operations["mock_events_capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_mock/projects/{project_id}/session_recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's session recordings as stored, newest start first, paged; `search` matches the id, the distinct id or the start URL */
        get: operations["mock_session_recordings_list"];
        put?: never;
        /** Store one session recording (missing fields are derived so the values hang together; without distinct_id, a new person owns it) */
        post: operations["mock_session_recordings_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @enum {string} */
            type: "validation_error" | "authentication_error" | "invalid_request" | "throttled_error" | "server_error";
            code: string;
            detail: string;
            attr: string | null;
        };
        /** @description The real update serializer: viewed, analyzed (booleans, read by the handler as DRF reads them), player_metadata (any JSON). Other fields are ignored. */
        SessionRecordingUpdate: {
            viewed?: unknown;
            analyzed?: unknown;
            player_metadata?: unknown;
            durations?: unknown;
        };
        /** @description Read from the body as the real view reads it (request.data.get), not by a serializer: a non-empty list of at most 20 ids, else a 400 in its words. */
        BulkRecordingIds: {
            session_recording_ids?: unknown;
        };
        BulkAdded: {
            success: boolean;
            added_count: number;
            total_requested: number;
        };
        BulkDeleted: {
            success: boolean;
            deleted_count: number;
            total_requested: number;
        };
        BulkViewed: {
            success: boolean;
            viewed_count: number;
            total_requested: number;
        };
        BulkNotViewed: {
            success: boolean;
            not_viewed_count: number;
            total_requested: number;
        };
        /** @description Read from the body as PersonViewSet.split reads it (request.data.get), not by a serializer: distinct_ids_to_split a non-empty list of the person's own ids, not with main_distinct_id; else a 400 in its words. */
        PersonSplitBody: {
            main_distinct_id?: unknown;
            distinct_ids_to_split?: unknown;
        };
        /** @description Read from the body as the real view reads it (request.data.get): session_recording_ids a non-empty list of at most 100; date_from a date or a relative date. */
        BulkDeleteRecordings: {
            session_recording_ids?: unknown;
            date_from?: unknown;
        };
        BulkDeletedRecordings: {
            success: boolean;
            deleted_count: number;
            total_requested: number;
            failed_ids: string[];
        };
        RecordingViewed: {
            viewed: boolean;
            other_viewers: number;
        };
        SuccessResponse: {
            success: boolean;
        };
        PropertyFilter: {
            key: string;
            value?: unknown;
            /** @enum {string} */
            operator?: "exact" | "is_not" | "icontains" | "not_icontains" | "regex" | "not_regex" | "gt" | "lt" | "gte" | "lte" | "is_set" | "is_not_set" | "in" | "not_in" | "is_date_exact" | "is_date_after" | "is_date_before";
            type?: string;
        };
        Person: {
            id: number;
            name: string;
            distinct_ids: string[];
            properties: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            uuid: string;
            /** Format: date-time */
            last_seen_at?: string | null;
        };
        /** @description The persons list as the real service answers it (the observed profile's answer; the verify kit recognises it as known drift). */
        PersonListReal: {
            next: string | null;
            previous: string | null;
            /** @description Only with include_total. */
            count?: number;
            results: components["schemas"]["PersonListItemReal"][];
        };
        /** @description A person as the real service's list shows it (its actors query, not its person serializer). */
        PersonListItemReal: {
            /** @enum {string} */
            type: "person";
            /** @description The uuid. */
            id: string;
            /** Format: uuid */
            uuid: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_seen_at: string | null;
            properties: {
                [key: string]: unknown;
            } | null;
            is_identified: boolean;
            name: string;
            distinct_ids: string[];
            matched_recordings: unknown[];
            value_at_data_point: null | number;
        };
        PaginatedPersonList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["Person"][];
        };
        PersonUpdateRequest: {
            /** @description Properties to merge into the person's properties. Any JSON is taken, as the real update reads the body unvalidated (a form field's text included); a value that is not an object sets nothing, and null is refused as missing, as the real service does. */
            properties?: unknown;
        };
        PersonPropertiesBody: {
            properties?: {
                [key: string]: unknown;
            };
        };
        PersonDeletePropertyBody: {
            /** @description The property key to delete (as the real service reads it). */
            $unset?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        ActivityLogEntry: {
            /** Format: uuid */
            id: string;
            user: {
                first_name: string | null;
                email: string | null;
                is_system?: boolean;
            };
            activity: string;
            scope: string;
            item_id: string;
            /** @description Always these keys (null when not set), and `merge` only for a merge; nothing else. */
            detail: {
                changes: {
                    type: string;
                    action: string;
                    field: string | null;
                    before: unknown;
                    after: unknown;
                }[] | null;
                merge?: unknown;
                trigger: unknown;
                name: string | null;
                short_id: string | null;
                type: string | null;
            };
            /** Format: date-time */
            created_at: string;
        };
        ActivityLogPage: {
            results: components["schemas"]["ActivityLogEntry"][];
            next: string | null;
            previous: string | null;
            total_count: number;
        };
        PropertiesTimeline: {
            points: {
                /** Format: date-time */
                timestamp: string;
                properties: {
                    [key: string]: unknown;
                };
                relevant_event_count: number;
            }[];
            crucial_property_keys: string[];
            /** Format: date-time */
            effective_date_from: string;
            /** Format: date-time */
            effective_date_to: string;
        };
        User: {
            id: number;
            /** Format: uuid */
            uuid: string;
            distinct_id: string | null;
            first_name: string;
            last_name: string;
            /** Format: email */
            email: string;
            is_email_verified: boolean | null;
            hedgehog_config: {
                [key: string]: unknown;
            } | null;
            role_at_organization: string | null;
        };
        /** @description {saved_filters: {count, has_more, watched_count, increased, last_refreshed_at}, collection: {count, watched_count}}; counts are null when there is nothing to count. */
        RecordingsCounts: {
            [key: string]: {
                [key: string]: number | boolean | string | null;
            };
        };
        SessionRecordingPlaylist: {
            id: number;
            short_id: string;
            name: string | null;
            derived_name: string | null;
            description: string;
            pinned: boolean;
            /** Format: date-time */
            created_at: string | null;
            created_by: components["schemas"]["User"] | null;
            deleted: boolean;
            /** @description Any JSON, as the JSONField stored it (an object, a list, a text, ...) */
            filters: unknown;
            /** Format: date-time */
            last_modified_at: string | null;
            last_modified_by: components["schemas"]["User"] | null;
            recordings_counts: components["schemas"]["RecordingsCounts"];
            /** @enum {string|null} */
            type: "collection" | "filters" | null;
            is_synthetic: boolean;
        };
        /** @description Writable fields. Unknown fields are ignored, as in the real service. `type` is honoured on create only. */
        SessionRecordingPlaylistWrite: {
            name?: string | number | null;
            derived_name?: string | number | null;
            description?: string | number;
            pinned?: boolean | string | number;
            deleted?: boolean | string | number;
            /** @description Any JSON (a JSONField: an object, a list, a text, ...) */
            filters?: unknown;
            /**
             * @description collection or filters; required on create (any other value is refused there)
             * @enum {string|null}
             */
            type?: "collection" | "filters" | null;
            _create_in_folder?: string | number;
        };
        PaginatedSessionRecordingPlaylistList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["SessionRecordingPlaylist"][];
        };
        /** @description A person embedded in a session recording: distinct_ids is the one matching distinct id, a string as the seed describes (EmbeddedPersonSeed) or in an array as the real service answers (EmbeddedPersonReal). */
        EmbeddedPerson: {
            id: number;
            name: string;
            distinct_ids: string | string[];
            properties: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            uuid: string;
            /** Format: date-time */
            last_seen_at?: string | null;
        };
        /** @description A session recording as the seed lists its fields (2.4, storage among them) with the embedded person's distinct_ids a single string. */
        SessionRecordingSeed: components["schemas"]["SessionRecording"] & {
            person?: {
                distinct_ids?: string;
            } | null;
        };
        /** @description A session recording as the real serializer writes it (no storage field) with the embedded person's distinct_ids an array. */
        SessionRecordingReal: components["schemas"]["SessionRecording"] & {
            storage?: never;
            person?: {
                distinct_ids?: string[];
            } | null;
        };
        /** @description The fields of the real serializer (nullable where it allows null), and the seed's storage where the profile shows it. */
        SessionRecording: {
            id: string;
            distinct_id: string | null;
            /** @description Whether the key's user has viewed it. */
            viewed: boolean;
            /** @description The e-mails of the other users who have viewed it (not the key's user). */
            viewers: string[];
            /** @description seconds */
            recording_duration: number;
            active_seconds: number | null;
            inactive_seconds: number | null;
            /** Format: date-time */
            start_time: string | null;
            /** Format: date-time */
            end_time: string | null;
            click_count: number | null;
            keypress_count: number | null;
            mouse_activity_count: number | null;
            console_log_count: number | null;
            console_warn_count: number | null;
            console_error_count: number | null;
            start_url: string | null;
            person?: components["schemas"]["EmbeddedPerson"] | null;
            storage?: string;
            /** @description Days the recording is kept. */
            retention_period_days: number | null;
            /**
             * Format: date-time
             * @description The start of the recording's UTC day plus its retention.
             */
            expiry_time: string;
            /** @description Whole days from now until expiry_time (0 or less: expired). */
            recording_ttl: number;
            snapshot_source: string | null;
            snapshot_library: string | null;
            ongoing: boolean;
            activity_score: number | null;
            /** @description Whether an AI summary of it exists (never in the mock). */
            has_summary: boolean;
            /** @description The AI summary's outcome (null in the mock, which makes none). */
            summary_outcome: {
                description?: string | null;
                success?: boolean | null;
            } | null;
            /** @description Issues linked to the recording (none in the mock). */
            external_references: {
                [key: string]: unknown;
            }[];
            /** @description False only for the recording session_recording_id asked for when it does not match the list's filters. */
            matches_filters: boolean;
        };
        PaginatedSessionRecordingList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["SessionRecordingSeed"][];
        };
        PlaylistRecordingsList: {
            results: components["schemas"]["SessionRecordingSeed"][];
            has_next: boolean;
            version: number;
        };
        /** @description A recordings list as the real service answers it (the observed profile's answer). */
        RecordingsListReal: {
            results: components["schemas"]["SessionRecordingReal"][];
            has_next: boolean;
            /** @enum {integer} */
            version: 4;
        };
        InsightToolRequest: {
            query: string | number;
            /** @enum {string} */
            insight_type: "trends" | "funnel" | "retention" | "sql";
        };
        InsightToolResponse: {
            type: string;
            data: {
                [key: string]: unknown;
            };
        }[];
        Project: {
            id: number;
            /** Format: uuid */
            uuid: string;
            /** Format: uuid */
            organization: string;
            name: string;
            api_token: string;
            timezone: string;
            /** Format: date-time */
            created_at: string;
        };
        PaginatedProjectList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["Project"][];
        };
        OrganizationBasic: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
        };
        UserMe: {
            id: number;
            /** Format: uuid */
            uuid: string;
            distinct_id: string;
            first_name: string;
            last_name: string;
            /** Format: email */
            email: string;
            is_email_verified?: boolean;
            organization: components["schemas"]["OrganizationBasic"];
            organizations: components["schemas"]["OrganizationBasic"][];
            team: {
                id: number;
                /** Format: uuid */
                uuid?: string;
                /** Format: uuid */
                organization: string;
                name: string;
            };
        };
        PersonalApiKey: {
            id: string;
            label: string;
            mask_value: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at?: string | null;
            user_id?: number;
            scopes: string[];
            scoped_teams: number[];
            scoped_organizations: string[];
        };
        MockResetRequest: {
            seed?: number;
            /**
             * @description A scenario name from fixtures/ (default the default dataset).
             * @example default
             * @example empty-project
             * @example key-without-scopes
             */
            fixtures?: string;
        };
        MockState: {
            seed: number;
            fixtures: string;
            /** Format: date-time */
            now: string;
            counts: {
                [key: string]: number;
            };
        };
        MockClockRequest: {
            /** Format: date-time */
            now?: string;
            /** @description Milliseconds, or an ISO 8601 duration such as PT1H or P1DT2H. */
            advance?: number | string;
            /** @description true stops the clock at its current instant; false lets it follow wall time from there. */
            freeze?: boolean;
        };
        MockClock: {
            /** Format: date-time */
            now: string;
            frozen: boolean;
            ran?: components["schemas"]["MockTask"][];
        };
        MockTask: {
            id: number;
            /** @enum {string} */
            kind: "delete_person_events";
            project_id: number;
            target: {
                person_uuid?: string;
                person_id?: number;
                distinct_ids?: string[];
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            scheduled_for: string;
            /** @enum {string} */
            state: "queued" | "done";
            /** Format: date-time */
            ran_at: string | null;
            result?: {
                deleted_events?: number;
            } | null;
        };
        MockTaskList: {
            results: components["schemas"]["MockTask"][];
        };
        MockJournalEntry: {
            /** @description Numbered in order from 1; a reset or clear does not start again. */
            id: number;
            /** Format: date-time */
            at: string;
            method: string;
            path: string;
            /** @description Values of secret-named parameters read [redacted]. */
            query?: {
                [key: string]: unknown;
            };
            /** @description The operation the path and method name (null when none does). */
            operation_id: string | null;
            status: number;
            /** @description As sent; secret-named fields read [redacted]. */
            request_body?: unknown;
            duration_ms?: number;
            /** @description The personal API key the request presented (header, body or query), masked as phx_...abcd; null when none. */
            key: string | null;
            /**
             * @description Whether the answer was checked against the contract: passed; failed (it was answered 500 contract_violation instead); skipped (no handler answered, a 5xx, or validation turned off).
             * @enum {string}
             */
            validation: "passed" | "failed" | "skipped";
            /** @description What the answer broke */
            violation?: string;
        };
        MockJournalEntryDetail: components["schemas"]["MockJournalEntry"] & {
            response: {
                status: number;
                headers: {
                    [key: string]: string;
                };
                /** @description The JSON value (secret-named fields [redacted]) or the text of the answer; null when it had none or it is no longer kept. */
                body: unknown;
                /** @description False when the answer is no longer kept (only the newest 100 are) or was written as it was made (a CSV export over a socket). */
                body_kept: boolean;
            };
        };
        MockJournal: {
            results: components["schemas"]["MockJournalEntry"][];
            /** @description Entries matching operation_id, status, method, path and text, whatever the cursor and limit. */
            count?: number;
            /** @description The oldest entry kept. */
            first_id?: number | null;
            /** @description The newest entry kept. */
            last_id?: number | null;
            /** @description Entries evicted since the last clear because the journal is bounded. */
            dropped: number;
        };
        /** @description HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what browsers' network panels import. */
        MockHar: {
            log: {
                /** @enum {string} */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                };
                entries: {
                    /** Format: date-time */
                    startedDateTime: string;
                    time: number;
                    request: Record<string, never>;
                    response: Record<string, never>;
                    cache: Record<string, never>;
                    timings: Record<string, never>;
                    comment?: string;
                }[];
            };
        };
        MockProjectList: {
            results: {
                id: number;
                name: string;
            }[];
        };
        MockPlaylistItemList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: {
                recording_id: string;
                /** Format: date-time */
                added_at: string;
                /** @description The recording, or null when the project does not have it (added by id before its data arrived). */
                recording: components["schemas"]["SessionRecording"] | null;
            }[];
        };
        MockSessionRecordingList: {
            count: number;
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["SessionRecording"][];
        };
        /** @description Any subset of the settings (at least one); omitted ones keep their value. */
        MockFaultsUpdate: {
            /** @description Added to every API request before it is handled. */
            latency_ms?: number;
            /** @description A further random delay of up to this many milliseconds (seeded). */
            jitter_ms?: number;
            /** @description Share of API requests answered with error_status instead of running (nothing changes for them). */
            error_rate?: number;
            /**
             * @description 429 comes with Retry-After 1, as the real service's throttling does.
             * @enum {integer}
             */
            error_status?: 429 | 500 | 502 | 503;
            /** @description operationIds the faults apply to; null (the default) means every API operation. */
            operations?: string[] | null;
        };
        MockRateLimits: {
            /** @description false unless the mock was started with rate limits (then classes and buckets are empty) */
            enabled: boolean;
            classes: {
                /** @description The real service's class name */
                class: string;
                scope: string;
                /** @enum {string} */
                kind: "burst" | "sustained";
                /**
                 * @description Whose requests one bucket counts: a personal API key, or every key of one user
                 * @enum {string}
                 */
                ident: "key" | "user";
                /** @description The rate in force, e.g. 240/minute */
                rate: string;
                /** @description The real service's rate */
                real_rate: string;
            }[];
            buckets: {
                scope: string;
                class: string;
                /** @description key:<key id> or user:<user id> */
                ident: string;
                rate: string;
                /** @description Requests inside the window now */
                count: number;
                /**
                 * Format: date-time
                 * @description When the oldest of them leaves the window
                 */
                frees_at: string;
            }[];
        };
        MockFaults: {
            latency_ms: number;
            jitter_ms: number;
            error_rate: number;
            /** @enum {integer} */
            error_status: 429 | 500 | 502 | 503;
            operations: string[] | null;
        };
        MockHealth: {
            /** @enum {string} */
            status: "ok";
            /** @description The analytics-mock release (this contract's info.version). */
            version: string;
            /** @description The scenario from fixtures/ the data was seeded from (changed by POST /_mock/reset). */
            scenario: string;
            seed: number;
            /** @description Seconds since the mock was created. */
            uptime_s: number;
        };
        MockRoutes: {
            count: number;
            results: {
                operation_id: string;
                method: string;
                /** @description The path templates answered; an API path under /api/environments/ and /api/projects/ (a trailing slash is optional). */
                paths: string[];
                /** @description The scopes a key needs (all of them); [] any valid key; null no key at all. */
                scopes: string[] | null;
                tags: string[];
            }[];
        };
        MockCaptureEvent: {
            event: string;
            distinct_id: string;
            /** Format: date-time */
            timestamp?: string;
            properties?: {
                [key: string]: unknown;
            };
        };
        MockCaptureResult: {
            event: {
                event: string;
                distinct_id: string;
                /** Format: date-time */
                timestamp: string;
                properties?: {
                    [key: string]: unknown;
                };
            };
            person: components["schemas"]["Person"] | null;
        };
        /** @description Every field is optional; without distinct_id a new person (with no events) owns the recording, as createMock().create.recording() does. */
        MockSessionRecordingCreate: {
            id?: string;
            distinct_id?: string;
            retention_period_days?: number;
            /** Format: date-time */
            start_time?: string;
            active_seconds?: number;
            inactive_seconds?: number;
            click_count?: number;
            keypress_count?: number;
            mouse_activity_count?: number;
            console_log_count?: number;
            console_warn_count?: number;
            console_error_count?: number;
            start_url?: string;
            viewers?: string[];
            ongoing?: boolean;
            activity_score?: number;
        };
    };
    responses: {
        /** @description An error in the service's error shape */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A server error in the service's error shape; the mock answers these (and 429) only when fault injection (/_mock/faults, --latency aside) asks for them. */
        Fault: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The project (environment) id. */
        ProjectId: string;
        /** @description The person's integer id (a UUID is also accepted, as in the real service). */
        PersonId: string;
        ShortId: string;
        /** @description The recording's (session's) id. */
        RecordingId: string;
        SessionRecordingId: string;
        PersonFormat: "csv" | "json";
        /** @description Text to look for (the control API's data reads). */
        MockSearch: string;
        /** @description Page size (default 50). */
        MockLimit: number;
        MockOffset: number;
        /** @description Only this operation's requests; `none` for requests no operation matched. */
        MockJournalOperation: string;
        /** @description Only answers with this status (`404`) or of this class (`4xx`). */
        MockJournalStatus: string;
        MockJournalMethod: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
        /** @description Only requests whose path or query holds this text (any case; `persons/1`, `search=ada`). */
        MockJournalPath: string;
        /** @description Only requests whose request body or answer body holds this text (any case; answers are kept for the newest entries only). Secrets are searched as the journal shows them, [redacted]. */
        MockJournalText: string;
        /** @description Only entries numbered above this one (what came since an entry already seen). */
        MockJournalAfter: number;
        /** @description Only entries numbered below this one (the next page of older entries). */
        MockJournalBefore: number;
        /** @description At most this many entries, the first ones in the order asked for. */
        MockJournalLimit: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    max_tools_create_and_query_insight: {
        parameters: {
            query?: {
                format?: "json" | "txt";
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InsightToolRequest"];
            };
        };
        responses: {
            /** @description The assistant's messages (a visualization message with the generated query, then a tool message with the results) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsightToolResponse"];
                    "text/plain": string;
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_list: {
        parameters: {
            query?: {
                /** @description Exact match on any of the person's distinct ids. */
                distinct_id?: string;
                /** @description Exact, case-sensitive match on the `email` property. */
                email?: string;
                format?: components["parameters"]["PersonFormat"];
                /** @description Page size (default 100; 0 or less means the default; at most 50000). */
                limit?: number;
                /** @description Start index (default 0). */
                offset?: number;
                /** @description JSON array of person property filters `{key, value, operator, type}`, ANDed with each other and with the other filters. `operator` defaults to exact; an array `value` means any of the values (none of them for is_not, not_icontains, not_regex, not_in). `type` may be omitted or `person`. */
                properties?: string;
                /** @description Case-insensitive substring of email, name, uuid or any distinct id. */
                search?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of persons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedPersonList"];
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_all_activity_retrieve: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's person activity log, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityLogPage"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_retrieve: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_update: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PersonUpdateRequest"];
            };
        };
        responses: {
            /** @description Accepted; no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_destroy: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
                delete_events?: boolean;
                /** @description Present (any value), the person stays and only the event deletion (with delete_events) is queued, as in the real service. */
                keep_person?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_partial_update: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PersonUpdateRequest"];
            };
        };
        responses: {
            /** @description The person after the merge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_activity_retrieve: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person's activity log, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityLogPage"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_delete_events_create: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PersonPropertiesBody"];
            };
        };
        responses: {
            /** @description Queued; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_delete_property_create: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
                /** @description The property key to delete. A `$unset` body field is also accepted, as the real service reads it. */
                $unset?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PersonDeletePropertyBody"];
            };
        };
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_split_create: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PersonSplitBody"];
            };
        };
        responses: {
            /** @description Split */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    persons_properties_timeline_retrieve: {
        parameters: {
            query?: {
                format?: components["parameters"]["PersonFormat"];
                /** @description Start of the range: a date (from its start, UTC), a date-time, a relative date (-24h, -7d, -2w, -1m, -1y) or `all`. Default: the person's first event or creation, whichever is earlier. Empty means the default. */
                date_from?: string;
                /** @description End of the range: a date (to its end, UTC), a date-time or a relative date. Default: now. Equal to date_from: widened to the end of that interval. */
                date_to?: string;
                /** @description hour, day (default), week or month: the width of a single data point's range when date_from equals date_to. */
                interval?: string;
                /** @description JSON array of property filters; the keys of the person ones are the crucial keys (values are not applied, as in the real service). */
                properties?: string;
                /** @description JSON array of event entities {id, properties}: only events with those names count (id null: all events); their person property filters add crucial keys. */
                events?: string;
                /** @description JSON array of action entities; accepted and ignored (the mock has no actions). */
                actions?: string;
                /** @description A person property key that is also crucial (when breakdown_type is person or absent). */
                breakdown?: string;
                breakdown_type?: string;
                /** @description Accepted and ignored. */
                display?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The person's integer id (a UUID is also accepted, as in the real service). */
                id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Points where the person's property values changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertiesTimeline"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_list: {
        parameters: {
            query?: {
                /** @description Playlists created by this user id. */
                created_by?: number;
                /** @description Page size, default 100, at most 500 (larger values are clamped; 0, a negative or a non-number means the default, as DRF's LimitOffsetPagination reads it). */
                limit?: number;
                /** @description Start index (a negative or a non-number means 0). */
                offset?: number;
                short_id?: string;
                /** @description Case-insensitive substring of the name or the derived name. */
                search?: string;
                /** @description Any value lists only the playlists the key's user created. */
                user?: string;
                /** @description Any value (even false) lists only pinned playlists, as in the real service. */
                pinned?: string;
                /** @description collection or filters (any other value does not filter). */
                type?: string;
                /** @description synthetic lists only the synthetic playlists (none in the default profile), custom only the stored ones; any other value does not filter. */
                collection_type?: string;
                /** @description Playlists last modified after this (a date, a date-time or a relative date such as -7d). */
                date_from?: string;
                /** @description Playlists last modified before this. */
                date_to?: string;
                /** @description Playlists holding this recording (the "add to playlist" menu). */
                session_recording_id?: string;
                /** @description last_modified_at, created_at or name, optionally prefixed with - (default -last_modified_at; anything else means the default). name sorts case-insensitively by the name, else the derived name. */
                order?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of playlists, most recently modified first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedSessionRecordingPlaylistList"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingPlaylistWrite"];
            };
        };
        responses: {
            /** @description The created playlist */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecordingPlaylist"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The playlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecordingPlaylist"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingPlaylistWrite"];
            };
        };
        responses: {
            /** @description The updated playlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecordingPlaylist"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description Hard delete refused; no body */
            405: {
                headers: {
                    /** @description The methods the path takes, as the real service lists them. */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_partial_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingPlaylistWrite"];
            };
        };
        responses: {
            /** @description The updated playlist (also when it was soft-deleted by this request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecordingPlaylist"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_recordings_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The playlist's recordings, most recently added first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaylistRecordingsList"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_recordings_bulk_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkRecordingIds"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkAdded"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_recordings_bulk_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkRecordingIds"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkDeleted"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_playlist_viewed_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_recordings_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
                session_recording_id: components["parameters"]["SessionRecordingId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingPlaylistWrite"];
            };
        };
        responses: {
            /** @description Added (or already there) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recording_playlists_recordings_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
                session_recording_id: components["parameters"]["SessionRecordingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_bulk_viewed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkRecordingIds"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkViewed"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_bulk_not_viewed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkRecordingIds"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkNotViewed"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_bulk_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkDeleteRecordings"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkDeletedRecordings"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_list: {
        parameters: {
            query?: {
                /** @description Page size (default 50; 0 or less means the default). */
                limit?: number;
                /** @description Start index (a negative one means 0). */
                offset?: number;
                /** @description Recordings that started at or after this (a date, a date-time or a relative date such as -7d; default -3d, the real RecordingsQuery's default; null means no bound). */
                date_from?: string;
                /** @description Recordings that started at or before this. */
                date_to?: string;
                /** @description Recordings of this person (any of its distinct ids); empty, as the frontend sends it when no person is chosen, means no filter. */
                person_uuid?: string;
                /** @description JSON array of distinct ids. */
                distinct_ids?: string;
                /** @description JSON array of recording ids. The date window does not apply to them, and hide_viewed_recordings does not hide them. */
                session_ids?: string;
                /** @description This recording first (the player's selected one): moved to the front when it matches the filters, else added in front with matches_filters false, whatever the page; absent when the project has no such recording. */
                session_recording_id?: string;
                /** @description current-user leaves out the recordings the key's user has viewed; any-user those anyone in the project has viewed. */
                hide_viewed_recordings?: string;
                /** @description start_time (default), duration, recording_duration, active_seconds, inactive_seconds, console_error_count, click_count, keypress_count, mouse_activity_count or activity_score. */
                order?: string;
                /** @description DESC (default) or ASC. */
                order_direction?: string;
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recordings, newest start_time first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedSessionRecordingList"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The recording's (session's) id. */
                id: components["parameters"]["RecordingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recording */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecordingSeed"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The recording's (session's) id. */
                id: components["parameters"]["RecordingId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingUpdate"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The recording's (session's) id. */
                id: components["parameters"]["RecordingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_partial_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The recording's (session's) id. */
                id: components["parameters"]["RecordingId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRecordingUpdate"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    session_recordings_viewed_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                /** @description The recording's (session's) id; any id answers (x-lenient), as get_or_build reads it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recording's views */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordingViewed"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    projects_list: {
        parameters: {
            query?: {
                /** @description Page size (default 100; 0, a negative or a non-number mean the default, as DRF's LimitOffsetPagination reads it). */
                limit?: number;
                /** @description Start index (a negative or a non-number means 0). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedProjectList"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    users_me_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserMe"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    personal_api_keys_current_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (never its secret value) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalApiKey"];
                };
            };
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            405: components["responses"]["Error"];
            429: components["responses"]["Error"];
            500: components["responses"]["Fault"];
            502: components["responses"]["Fault"];
            503: components["responses"]["Fault"];
        };
    };
    mock_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MockResetRequest"];
            };
        };
        responses: {
            /** @description The state after the reset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockState"];
                };
            };
            400: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_clock_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mock's clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_clock_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MockClockRequest"];
            };
        };
        responses: {
            /** @description The clock after the change, and the tasks that ran */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_tasks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockTaskList"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_journal_list: {
        parameters: {
            query?: {
                /** @description Only this operation's requests; `none` for requests no operation matched. */
                operation_id?: components["parameters"]["MockJournalOperation"];
                /** @description Only answers with this status (`404`) or of this class (`4xx`). */
                status?: components["parameters"]["MockJournalStatus"];
                method?: components["parameters"]["MockJournalMethod"];
                /** @description Only requests whose path or query holds this text (any case; `persons/1`, `search=ada`). */
                path?: components["parameters"]["MockJournalPath"];
                /** @description Only requests whose request body or answer body holds this text (any case; answers are kept for the newest entries only). Secrets are searched as the journal shows them, [redacted]. */
                text?: components["parameters"]["MockJournalText"];
                /** @description Only entries numbered above this one (what came since an entry already seen). */
                after?: components["parameters"]["MockJournalAfter"];
                /** @description Only entries numbered below this one (the next page of older entries). */
                before?: components["parameters"]["MockJournalBefore"];
                /** @description At most this many entries, the first ones in the order asked for. */
                limit?: components["parameters"]["MockJournalLimit"];
                /** @description `asc` (default): oldest first; `desc`: newest first. */
                order?: "asc" | "desc";
                /** @description `false` leaves request bodies out (read them one entry at a time). */
                bodies?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockJournal"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_journal_clear: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            405: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_journal_har: {
        parameters: {
            query?: {
                /** @description Only this operation's requests; `none` for requests no operation matched. */
                operation_id?: components["parameters"]["MockJournalOperation"];
                /** @description Only answers with this status (`404`) or of this class (`4xx`). */
                status?: components["parameters"]["MockJournalStatus"];
                method?: components["parameters"]["MockJournalMethod"];
                /** @description Only requests whose path or query holds this text (any case; `persons/1`, `search=ada`). */
                path?: components["parameters"]["MockJournalPath"];
                /** @description Only requests whose request body or answer body holds this text (any case; answers are kept for the newest entries only). Secrets are searched as the journal shows them, [redacted]. */
                text?: components["parameters"]["MockJournalText"];
                /** @description Only entries numbered above this one (what came since an entry already seen). */
                after?: components["parameters"]["MockJournalAfter"];
                /** @description Only entries numbered below this one (the next page of older entries). */
                before?: components["parameters"]["MockJournalBefore"];
                /** @description At most this many entries, the first ones in the order asked for. */
                limit?: components["parameters"]["MockJournalLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A HAR 1.2 log (`Content-Disposition` names it analytics-mock.har) */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockHar"];
                };
            };
            400: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_journal_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockJournalEntryDetail"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_journal_curl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The command line (POSIX shell quoting) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_faults_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fault settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockFaults"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_faults_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MockFaultsUpdate"];
            };
        };
        responses: {
            /** @description The fault settings after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockFaults"];
                };
            };
            400: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_faults_clear: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            405: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_rate_limits_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The throttle classes and their rates, and each bucket's requests inside its window */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockRateLimits"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_rate_limits_clear: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            405: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_health_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mock is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockHealth"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_routes_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operations, by path */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockRoutes"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_projects_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockProjectList"];
                };
            };
            405: components["responses"]["Error"];
        };
    };
    mock_persons_list: {
        parameters: {
            query?: {
                /** @description Text to look for (the control API's data reads). */
                search?: components["parameters"]["MockSearch"];
                /** @description Page size (default 50). */
                limit?: components["parameters"]["MockLimit"];
                offset?: components["parameters"]["MockOffset"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of persons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedPersonList"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_playlists_list: {
        parameters: {
            query?: {
                /** @description Text to look for (the control API's data reads). */
                search?: components["parameters"]["MockSearch"];
                /** @description Page size (default 50). */
                limit?: components["parameters"]["MockLimit"];
                offset?: components["parameters"]["MockOffset"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of playlists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaginatedSessionRecordingPlaylistList"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_playlist_items_list: {
        parameters: {
            query?: {
                /** @description Page size (default 50). */
                limit?: components["parameters"]["MockLimit"];
                offset?: components["parameters"]["MockOffset"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
                short_id: components["parameters"]["ShortId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockPlaylistItemList"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_events_capture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MockCaptureEvent"];
            };
        };
        responses: {
            /** @description The event was stored; the person it belongs to after it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockCaptureResult"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
    mock_session_recordings_list: {
        parameters: {
            query?: {
                /** @description Text to look for (the control API's data reads). */
                search?: components["parameters"]["MockSearch"];
                /** @description Page size (default 50). */
                limit?: components["parameters"]["MockLimit"];
                offset?: components["parameters"]["MockOffset"];
            };
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recordings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockSessionRecordingList"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
        };
    };
    mock_session_recordings_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (environment) id. */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MockSessionRecordingCreate"];
            };
        };
        responses: {
            /** @description The stored recording */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecording"];
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["Error"];
            405: components["responses"]["Error"];
            413: components["responses"]["Error"];
            415: components["responses"]["Error"];
        };
    };
}
