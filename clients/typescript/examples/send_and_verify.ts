import { createServer } from "node:http";
import { Ujumbe, verifyWebhook } from "@ujumbe/client";
const receiver = createServer(async (req, res) => { const event = verifyWebhook(Buffer.concat(await req.toArray()), req.headers, process.env.UJUMBE_WEBHOOK_SECRET!);
  console.log(event.type, event.data.message_id); res.end(); receiver.close(); }).listen(Number(process.env.PORT ?? 3000));
console.log(await new Ujumbe().sendSms({ to: process.env.TO ?? "0712345678", message: "Habari!" }));
