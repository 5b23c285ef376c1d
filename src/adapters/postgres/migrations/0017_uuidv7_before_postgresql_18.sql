-- PostgreSQL 18 has uuidv7(); the contact import gives contacts ids in arrival order with it.
-- A production server may be older (15, 16, 17): give it a function of the same name and layout
-- (48-bit Unix milliseconds, version 7, the sub-millisecond fraction in the next 12 bits, random
-- rest), so ids still sort by the time they were made. On 18 the built-in stays in use.
DO $$
BEGIN
    IF to_regprocedure('uuidv7()') IS NULL THEN
        EXECUTE $create$
            CREATE FUNCTION uuidv7() RETURNS uuid LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $body$
            DECLARE
                now_us   bigint := (extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
                fraction int := ((now_us % 1000) * 4096 / 1000)::int;
                bytes    bytea := uuid_send(gen_random_uuid());  -- its variant bits are already 10
            BEGIN
                bytes := overlay(bytes PLACING substring(int8send(now_us / 1000) FROM 3) FROM 1 FOR 6);
                bytes := set_byte(bytes, 6, 112 | (fraction >> 8));  -- version 7, fraction's top 4 bits
                bytes := set_byte(bytes, 7, fraction & 255);
                RETURN encode(bytes, 'hex')::uuid;
            END
            $body$
        $create$;
    END IF;
END
$$;
